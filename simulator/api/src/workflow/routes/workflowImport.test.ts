// A workflow bound to an archive takes in the documents an import (or capture) makes there, in
// the import's own transaction (decision 025).
import { rmSync } from 'node:fs';
import request from 'supertest';
import { afterEach, describe, expect, it } from 'vitest';
import { addArchive, addField, grantArchive } from '@gs/simulator-fixtures/builders';
import { ALL_ARCHIVE_PERMISSIONS, FieldType } from '@gs/contract/flags';
import { WorkflowNodeType as N } from '@gs/contract/workflow';
import type { Db } from '../../db/connection';
import { createRepos } from '../../db/repos';
import { API, basic, signIn, type World } from '../../testing/testApp';
import { makeInboxApp, putInCache } from '../../testing/inboxWorld';

function seedBound(db: Db, w: World) {
  const customer = addField(db, w.alpha, { name: 'Customer', type: FieldType.Character });
  const intake = addArchive(db, w.alpha, { name: 'Intake', fieldIds: [customer] });
  const plain = addArchive(db, w.alpha, { name: 'Plain', fieldIds: [customer] });
  for (const a of [intake, plain]) grantArchive(db, a, w.full, ALL_ARCHIVE_PERMISSIONS);
  const workflowId = createRepos(db).workflows.save(w.alpha, {
    Id: 0,
    Name: 'Intake Review',
    BoundArchives: [intake],
    Nodes: [
      { Id: 1, Type: N.Start, Name: 'Start', Next: 2 },
      {
        Id: 2,
        Type: N.Queue,
        Name: 'Check',
        UsersAndGroups: ['full.user'],
        Actions: [{ Key: 'ok', Name: 'OK', Next: 3 }],
      },
      { Id: 3, Type: N.End, Name: 'End' },
    ],
  });
  return { intake, plain, customer, workflowId };
}

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

describe('import into an archive bound to a workflow', () => {
  it('puts the new documents in its first queue; imports elsewhere stay out', async () => {
    const t = makeInboxApp(seedBound);
    dirs.push(t.i.dataDir);
    const { Token } = await signIn(t.app, 'full.user');
    const importInto = async (archive: number, name: string) => {
      putInCache(t.i.dataDir, t.w.full, name, Buffer.from('%PDF-1.4\n%%EOF\n'));
      const res = await request(t.app)
        .post(`${API}dbs/${t.w.alpha}/archives/${archive}?Token=${Token}`)
        .set('Authorization', basic('full.user'))
        .send({ Fields: [{ Name: String(t.x.customer), Value: 'ACME' }], files: [{ name }] })
        .expect(200);
      return (res.body as number[])[0] ?? 0;
    };
    const bound = await importInto(t.x.intake, 'a.pdf');
    const other = await importInto(t.x.plain, 'b.pdf');
    const runs = t.db.prepare(`SELECT document_id AS doc, node_id AS node, status FROM workflow_runs`).all();
    expect(runs).toEqual([{ doc: bound, node: 2, status: 2 }]);
    const history = t.db
      .prepare(`SELECT message FROM audit WHERE document_id = ? ORDER BY id`)
      .pluck()
      .all(bound) as string[];
    expect(history[0]).toBe('Document indexed');
    expect(history.slice(1).map((m) => m.replace(/ \(process \d+\)$/, ''))).toEqual([
      'Global Action Entered: Intake Review',
      'Queue Entered: Check',
      'Waiting: Check',
    ]);
    expect(t.db.prepare(`SELECT count(*) FROM audit WHERE document_id = ?`).pluck().get(other)).toBe(1);
  });
});

// A queue action on thousands of tasks (PUT useraction) against an API in a child process that is
// killed with SIGKILL while the batch runs: after reopening the database every task is either
// still waiting in Review with nothing of the action written, or wholly moved on — its action
// line, its steps, the document routed to Paid, its run and its workflow state ended — never half.
import { afterAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { documentInserter } from '@gs/simulator-fixtures/builders';
import { openDatabase } from '../../db/connection';
import { startChildApi } from '../../testing/childApiProcess';
import { createRepos } from '../../db/repos';
import { secureId, serverSecret } from '../../security/repos/secureIds';
import { seedWorld, PASSWORD } from '../../testing/testApp';
import { REVIEW, workflowDefinition } from '../../testing/workflowWorld';
import { enterWorkflow } from './workflowEngine';

const TASKS = 6000;

function seed(dataDir: string) {
  const db = openDatabase(join(dataDir, 'simulator.sqlite'));
  const w = seedWorld(db);
  const repos = createRepos(db);
  const insert = documentInserter(db, w.alpha, [w.vendor, w.amount]);
  const workflowId = repos.workflows.save(w.alpha, workflowDefinition(w));
  const docs = db.transaction(() =>
    Array.from({ length: TASKS }, (_, i) => {
      const documentId = insert({
        archiveId: w.invoices,
        filePath: '',
        fileType: '.pdf',
        fileSize: 0,
        pageCount: 1,
        createdAt: 0,
        values: { [w.vendor]: `V${i}`, [w.amount]: 50 },
      });
      enterWorkflow(repos, {
        workflowId,
        databaseId: w.alpha,
        archiveId: w.invoices,
        documentId,
        userName: 'full.user',
        now: 1000,
      });
      return documentId;
    }),
  )();
  const secret = serverSecret(db);
  db.close();
  return { w, workflowId, docs, secret };
}

const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

describe('a crash in the middle of a batch queue action', () => {
  it('leaves no task half-moved', { timeout: 120_000 }, async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'gs-wf-crash-'));
    dirs.push(dataDir);
    const { w, workflowId, docs, secret } = seed(dataDir);
    const { child, port } = await startChildApi(dataDir);
    const watcher = openDatabase(join(dataDir, 'simulator.sqlite'));
    try {
      const moved = watcher.prepare(`SELECT count(*) FROM workflow_runs WHERE status = 0`).pluck();
      const body = Object.fromEntries(docs.map((d) => [String(d), secureId(secret, 'doc', w.alpha, d)]));
      const url = `http://127.0.0.1:${port}/Square9API/api/useraction?Database=${w.alpha}&Archive=${w.invoices}&ActionID=${workflowId}:${REVIEW}:approve`;
      const answer = fetch(url, {
        method: 'PUT',
        headers: {
          Authorization: `Basic ${Buffer.from(`full.user:${PASSWORD}`).toString('base64')}`,
          'Content-Type': 'application/json',
        },
        body: JSON.stringify(body),
      }).then(
        () => 'answered',
        () => 'cut',
      );
      // kill it as soon as the batch has moved some tasks
      let seen = 0;
      for (let i = 0; i < 20_000 && seen === 0; i++) {
        seen = moved.get() as number;
        if (seen === 0) await new Promise((done) => setTimeout(done, 1));
      }
      child.kill('SIGKILL');
      expect(await answer).toBe('cut');
      expect(seen).toBeGreaterThan(0);
    } finally {
      child.kill('SIGKILL');
      watcher.close();
    }

    const db = openDatabase(join(dataDir, 'simulator.sqlite'));
    // the audit lines of the run's document in the run's database (by audit_by_document: without the
    // database, each of the 6,000 runs scanned the whole audit)
    const rows = db
      .prepare(
        `SELECT r.document_id AS doc, r.status, r.node_id AS node, d.archive_id AS archive,
          (SELECT workflow_queue FROM pdf_workflow_states s WHERE s.database_id = r.database_id AND s.doc_id = r.document_id) AS queue,
          (SELECT count(*) FROM audit a WHERE a.database_id = r.database_id AND a.document_id = r.document_id AND a.message LIKE 'Action Taken:%') AS taken,
          (SELECT count(*) FROM audit a WHERE a.database_id = r.database_id AND a.document_id = r.document_id AND a.message LIKE 'Workflow Ended:%') AS ended
        FROM workflow_runs r JOIN doc_${w.alpha} d ON d.id = r.document_id ORDER BY r.id`,
      )
      .all() as {
      doc: number;
      status: number;
      node: number;
      archive: number;
      queue: string | null;
      taken: number;
      ended: number;
    }[];
    db.close();
    let movedOn = 0;
    for (const r of rows) {
      const waiting = { status: 2, node: REVIEW, archive: w.invoices, queue: 'Review', taken: 0, ended: 0 };
      const done = { status: 0, node: 8, archive: w.paid, queue: null, taken: 1, ended: 1 };
      const { doc: _doc, ...state } = r;
      const whole =
        JSON.stringify(state) === JSON.stringify(waiting) || JSON.stringify(state) === JSON.stringify(done);
      expect(whole, `task of document ${r.doc} is half-moved: ${JSON.stringify(state)}`).toBe(true);
      if (r.status === 0) movedOn++;
    }
    expect(rows).toHaveLength(TASKS);
    expect(movedOn).toBeGreaterThan(0);
    expect(movedOn).toBeLessThan(TASKS);
  });
});

// A field's RegEx that a backtracking engine runs in exponential time (`^(\w+\s?)*$`), saved by an
// administrator, then a document saved with a 40-character value, against an API in a child
// process: the value is refused or accepted as the rule says while the server goes on answering
// others (decision 046). With backtracking the 40-character save held the process for hours, so
// this test then ran into its time limit instead of getting any answer.
import { afterAll, describe, expect, it } from 'vitest';
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AdminField } from '@gs/contract/admin/catalog';
import { documentInserter } from '@gs/simulator-fixtures/builders';
import { openDatabase } from '../../db/connection';
import { secureId, serverSecret } from '../../security/repos/secureIds';
import { basicSender, startChildApi } from '../../testing/childApiProcess';
import { PASSWORD, seedWorld } from '../../testing/testApp';

const dirs: string[] = [];
const children: ChildProcess[] = [];
afterAll(() => {
  for (const c of children) c.kill('SIGKILL');
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

function seed(dataDir: string) {
  const db = openDatabase(join(dataDir, 'simulator.sqlite'));
  const w = seedWorld(db);
  const doc = documentInserter(db, w.alpha, [w.vendor])({
    archiveId: w.invoices,
    filePath: '',
    fileType: '.pdf',
    fileSize: 0,
    pageCount: 1,
    createdAt: 0,
    values: { [w.vendor]: 'Acme' },
  });
  const secret = serverSecret(db);
  db.close();
  return { w, doc, docSecureId: secureId(secret, 'doc', w.alpha, doc) };
}

describe("a field's RegEx that backtracks exponentially", () => {
  it('checks a 40-character value at once and keeps serving', { timeout: 60_000 }, async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'gs-redos-'));
    dirs.push(dataDir);
    const { w, doc, docSecureId } = seed(dataDir);
    const { child, port } = await startChildApi(dataDir);
    children.push(child);
    const send = basicSender(port, PASSWORD);

    const fieldPath = `admin/databases/${w.alpha}/fields/${w.vendor}`;
    const [vendor] = (await (await send('SSAdministrator', 'GET', fieldPath)).json()) as AdminField[];
    const saved = await send('SSAdministrator', 'PUT', fieldPath, {
      ...vendor,
      Length: 100,
      Regex: String.raw`^(\w+\s?)*$`,
      RegexMessage: 'Words with single spaces.',
    });
    expect(saved.status).toBe(200);

    const fieldData = (value: string) =>
      send(
        'full.user',
        'PUT',
        `UpdateDocument/databases/${w.alpha}/archive/${w.invoices}/document/${doc}/FieldData?secureId=${encodeURIComponent(docSecureId)}`,
        [{ ID: w.vendor, VAL: value, MVAL: [] }],
      );
    const bad = `${'a'.repeat(39)}!`;
    const [refused, other] = await Promise.all([fieldData(bad), send('full.user', 'GET', 'dbs')]);
    expect(other.status).toBe(200);
    expect(refused.status).toBe(400);
    expect(JSON.stringify(await refused.json())).toContain('Words with single spaces.');

    const good = 'Acme Corporation of the North Sea Region';
    expect(good).toHaveLength(40);
    const accepted = await fieldData(good);
    expect(accepted.status).toBe(200);
    const values = (await accepted.json()) as { ID: number; VAL: string }[];
    expect(values.find((v) => v.ID === w.vendor)?.VAL).toBe(good);
  });
});

// The demo's three databases export as .gs packages and import into new databases losslessly:
// the copy's own package, with ids replaced by what they name, equals the original's (every
// catalogue object, security entry, document value and file byte), and so do its workflows (Finance's
// AP Invoice Approval: bound archives, nodes with their fields and archives, the user action
// that starts it) while their runs stay behind.
// The demo is seeded at a tenth of its documents (every archive keeps some, the policies their
// revisions, Finance its workflow runs): each document is carried by the same code whatever their
// number, and a spill file cut by a chunk's end is held by packageSpill.test.ts (decision 077).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedScenario } from '@gs/simulator-fixtures/seed';
import { tempDir } from '@gs/simulator-fixtures/testSupport';
import { openDatabase, type Db } from '../../db/connection';
import { comparable, workflowsOf } from '../../testing/packageCompare';
import { everything, exported as exportedFrom, importLogger } from '../../testing/packageTrip';
import { importPackage } from './packageImport';

const data = tempDir('package-roundtrip');
/** about a tenth of the demo's 5,609 documents */
const DOCUMENTS = 560;
let db: Db;

beforeAll(async () => {
  db = openDatabase(':memory:');
  await seedScenario({ dataDir: data.dir, scenario: 'demo', db, documentCount: DOCUMENTS });
}, 120_000);
afterAll(() => {
  db.close();
  data.remove();
}, 60_000);

const exported = (databaseId: number, acronym: string) => exportedFrom(db, data.dir, databaseId, acronym);

describe('package round trip of the demo databases', () => {
  const databases = () =>
    db.prepare(`SELECT id, name FROM databases ORDER BY id`).all() as { id: number; name: string }[];

  it('has three databases to carry', () => {
    expect(databases()).toHaveLength(3);
  });

  it('has revisions, PDF and TIFF files and multi-values among them at this size', () => {
    const count = (sql: string) =>
      databases().reduce(
        (sum, { id }) =>
          sum +
          (db
            .prepare(sql.replaceAll('$', String(id)))
            .pluck()
            .get() as number),
        0,
      );
    expect(count(`SELECT count(*) FROM doc_$ WHERE root_version_id <> 0`)).toBeGreaterThan(0);
    expect(count(`SELECT count(*) FROM doc_$ WHERE file_path LIKE '%.pdf'`)).toBeGreaterThan(0);
    expect(count(`SELECT count(*) FROM doc_$ WHERE file_path LIKE '%.tif'`)).toBeGreaterThan(0);
    expect(count(`SELECT count(*) FROM doc_mv_$`)).toBeGreaterThan(0);
  });

  for (const index of [0, 1, 2])
    it(`exports database ${index + 1} and imports it into a new database with every object, value and file`, async () => {
      const source = databases()[index];
      if (!source) throw new Error('no database');
      const original = await exported(source.id, `RT${index}`);
      expect(original.pkg.manifest.Counts.Documents).toBeGreaterThan(0);
      expect(original.pkg.manifest.Source.DatabaseName).toBe(source.name);
      const log = importLogger();
      const outcome = await importPackage(
        db,
        data.dir,
        original.pkg,
        everything(original.pkg, `${source.name}_Copy`),
        log,
        0,
      );
      expect(log.lines.filter((l) => l.startsWith('ERROR'))).toEqual([]);
      expect(outcome.failures).toBe(0);
      const copy = await exported(outcome.databaseId, `RT${index}`);
      const a = await comparable(original.pkg);
      const b = await comparable(copy.pkg);
      expect(b.counts).toEqual(a.counts);
      for (const table of Object.keys(a.tables))
        expect({ table, rows: b.tables[table] }).toEqual({ table, rows: a.tables[table] });
      expect(b.users).toBe(a.users);
      expect(b.groups).toBe(a.groups);
      expect(b.documents).toEqual(a.documents);
      expect(b.annotations).toEqual(a.annotations);
      expect(b.workflows).toEqual(a.workflows);
      const own = workflowsOf(db, source.id);
      const copied = workflowsOf(db, outcome.databaseId);
      expect(copied.workflows).toEqual(own.workflows);
      expect(copied.actions).toEqual(own.actions);
      expect(copied.runs).toBe(0);
    }, 120_000);

  it('carries the Finance workflow bound to Accounts Payable/Invoices with the user action starting it', () => {
    const finance = databases().find((d) => d.name === 'Finance');
    const copy = databases().find((d) => d.name === 'Finance_Copy');
    if (!finance || !copy) throw new Error('the Finance round trip did not run');
    const own = workflowsOf(db, finance.id);
    expect(own.runs).toBeGreaterThan(0);
    const approval = own.workflows.find((w) => w.name === 'AP Invoice Approval');
    expect(approval?.bound).toEqual(['Accounts Payable/Invoices']);
    expect(approval?.nodes.map((n) => n.FieldId).filter(Boolean)).toEqual([
      'Invoice Amount',
      'Status',
      'Status',
    ]);
    expect(own.actions).toContainEqual({ action: 'ap-approval', workflow: 'AP Invoice Approval' });
    expect(workflowsOf(db, copy.id)).toEqual({ ...own, runs: 0 });
  });
});

// The demo's three databases export as .gs packages and import into new databases losslessly:
// the copy's own package, with ids replaced by what they name, equals the original's (every
// catalogue object, security entry, document value and file byte).
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedScenario } from '@gs/simulator-fixtures/seed';
import { tempDir } from '@gs/simulator-fixtures/testSupport';
import { openDatabase, type Db } from '../../db/connection';
import { comparable } from '../../testing/packageCompare';
import { buildPackage, writePackage } from './packageExport';
import { importPackage, type ImportChoices } from './packageImport';
import type { Package } from './packageModel';
import { readPackage } from './packageReader';

const data = tempDir('package-roundtrip');
let db: Db;

beforeAll(async () => {
  db = openDatabase(':memory:');
  await seedScenario({ dataDir: data.dir, scenario: 'demo', db });
}, 120_000);
afterAll(() => {
  db.close();
  data.remove();
}, 60_000);

async function exported(databaseId: number, acronym: string): Promise<{ bytes: Buffer; pkg: Package }> {
  const entries = await buildPackage(db, {
    databaseId,
    acronym,
    exportedBy: 'test',
    now: 0,
    dataDir: data.dir,
  });
  const chunks: Buffer[] = [];
  await writePackage(
    entries,
    new Writable({
      write(chunk: Buffer, _enc, done) {
        chunks.push(chunk);
        done();
      },
    }),
  );
  const bytes = Buffer.concat(chunks);
  return { bytes, pkg: await readPackage(bytes) };
}

const logger = () => {
  const lines: string[] = [];
  return {
    lines,
    info: (m: string) => lines.push(`INFO ${m}`),
    warn: (m: string) => lines.push(`WARN ${m}`),
    error: (m: string) => lines.push(`ERROR ${m}`),
  };
};

const everything = (pkg: Package, name: string): ImportChoices => ({
  databaseId: 0,
  databaseName: name,
  server: '',
  authType: 'windows',
  authUser: '',
  archives: new Set((pkg.tables.archives ?? []).map((a) => Number(a.id))),
  usersToAdd: pkg.users,
  groupsToAdd: pkg.groups,
  password: 'Copy@1234',
});

describe('package round trip of the demo databases', () => {
  const databases = () =>
    db.prepare(`SELECT id, name FROM databases ORDER BY id`).all() as { id: number; name: string }[];

  it('has three databases to carry', () => {
    expect(databases()).toHaveLength(3);
  });

  for (const index of [0, 1, 2])
    it(`exports database ${index + 1} and imports it into a new database with every object, value and file`, async () => {
      const source = databases()[index];
      if (!source) throw new Error('no database');
      const original = await exported(source.id, `RT${index}`);
      expect(original.pkg.manifest.Counts.Documents).toBeGreaterThan(0);
      expect(original.pkg.manifest.Source.DatabaseName).toBe(source.name);
      const log = logger();
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
      const a = comparable(original.pkg);
      const b = comparable(copy.pkg);
      expect(b.counts).toEqual(a.counts);
      for (const table of Object.keys(a.tables))
        expect({ table, rows: b.tables[table] }).toEqual({ table, rows: a.tables[table] });
      expect(b.users).toBe(a.users);
      expect(b.groups).toBe(a.groups);
      expect(b.documents).toEqual(a.documents);
      expect(b.annotations).toEqual(a.annotations);
    }, 120_000);
});

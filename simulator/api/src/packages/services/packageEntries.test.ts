// The entries that grow with a package's documents are not held (issue 26, decision 048): a read
// (staged) package keeps no document line nor annotation, so 3,000 documents read as small as 3;
// the index is read a line at a time and the annotations a row at a time, each checked as it
// comes; the import streams them through its spill files, which are gone afterwards.
import { readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FieldType } from '@gs/contract/flags';
import { addArchive, addDatabase, addField, documentInserter } from '@gs/simulator-fixtures/builders';
import { docTable } from '../../documents/repos/docTables';
import { makeAdminApp, type AdminApp } from '../../testing/adminWorld';
import { everything, importLogger, readBytes, zipped } from '../../testing/packageTrip';
import { annotationRows, documentLines, INDEX_ENTRY, ANNOTATIONS_ENTRY } from './packageEntries';
import { buildPackage, type PackageEntry } from './packageExport';
import { importPackage } from './packageImport';
import { PackageError } from './packageReader';
import { openPackageZip } from './packageZip';

/** Database `name` with `count` documents without files, each with a 300-character note. */
function documentsDb(t: AdminApp, name: string, count: number): number {
  const id = addDatabase(t.db, name);
  const note = addField(t.db, id, { name: 'Note', type: FieldType.Character, size: 400 });
  const archive = addArchive(t.db, id, { name: 'Notes', fieldIds: [note] });
  const insert = documentInserter(t.db, id, [note]);
  t.db.transaction(() => {
    for (let i = 0; i < count; i++)
      insert({
        archiveId: archive,
        filePath: '',
        fileType: '',
        fileSize: 0,
        pageCount: 0,
        createdAt: 1,
        values: { [note]: `${i} `.padEnd(300, 'x') },
      });
  })();
  return id;
}

const entriesOf = (t: AdminApp, databaseId: number): Promise<PackageEntry[]> =>
  buildPackage(t.db, { databaseId, acronym: 'MEM', exportedBy: 'test', now: 0, dataDir: t.dataDir });

/** The entries with `name`'s data replaced, written as a package file (not checked). */
async function withEntry(t: AdminApp, entries: PackageEntry[], name: string, data: string): Promise<string> {
  const path = join(t.dataDir, `${name.replace(/\W/g, '-')}.gs`);
  const changed = entries.map((e) => (e.name === name ? { name, data: Buffer.from(data) } : e));
  writeFileSync(path, await zipped(changed));
  return path;
}

describe('the entries that grow with the documents are not held', () => {
  it('a read package keeps no document: 3,000 documents read as small as 3; the import brings them all', async () => {
    const t = makeAdminApp();
    const few = await readBytes(await zipped(await entriesOf(t, documentsDb(t, 'Few', 3))), t.dataDir);
    const many = await readBytes(await zipped(await entriesOf(t, documentsDb(t, 'Lot', 3000))), t.dataDir);
    expect(many.manifest.Counts.Documents).toBe(3000);
    // what the staging keeps per administrator: before, every line of the index (over 900 kB here)
    expect(JSON.stringify(many).length).toBeLessThan(JSON.stringify(few).length + 100);

    const log = importLogger();
    const outcome = await importPackage(t.db, t.dataDir, many, everything(many, 'Lot_Copy'), log, 0);
    expect(log.lines.filter((l) => l.startsWith('ERROR'))).toEqual([]);
    expect(
      t.db
        .prepare(`SELECT count(*) FROM ${docTable(outcome.databaseId)}`)
        .pluck()
        .get(),
    ).toBe(3000);
    // the spill files the import streamed the documents through are gone
    expect(readdirSync(join(t.dataDir, 'packages', 'spill'))).toEqual([]);
  });

  it('reads the index a line at a time: the first document comes before a broken last line is reached', async () => {
    const t = makeAdminApp();
    const entries = await entriesOf(t, documentsDb(t, 'Few', 3));
    const index = entries.find((e) => e.name === INDEX_ENTRY);
    if (!index || !('data' in index)) throw new Error('no index entry');
    const zip = await openPackageZip(
      await withEntry(t, entries, INDEX_ENTRY, `${index.data.toString('utf8').trimEnd()}\n{"broken\n`),
    );
    try {
      const lines = documentLines(zip);
      const first = await lines.next();
      expect(first.value).toMatchObject({ file: '', page_count: 0 });
      await expect(async () => {
        for await (const _line of lines);
      }).rejects.toThrow(new PackageError(`${INDEX_ENTRY} line 4 is not JSON.`));
    } finally {
      zip.close();
    }
  });

  it('reads the annotations a row at a time and refuses what is not an array of rows', async () => {
    const t = makeAdminApp();
    const entries = await entriesOf(t, documentsDb(t, 'Few', 1));
    const rows = [1, 2, 3].map((n) => ({ id: n, document_id: 1, text: `note ${n}` }));
    const good = await openPackageZip(await withEntry(t, entries, ANNOTATIONS_ENTRY, JSON.stringify(rows)));
    try {
      const seen: unknown[] = [];
      for await (const row of annotationRows(good)) seen.push(row);
      expect(seen).toEqual(rows);
      await expect(async () => {
        for await (const _row of annotationRows(good, '0'.repeat(64)));
      }).rejects.toThrow(`The entry ${ANNOTATIONS_ENTRY} is damaged`);
    } finally {
      good.close();
    }
    for (const [data, reason] of [
      ['{"a": 1}', /is not a JSON array of rows/],
      ['[{"a": [1]}]', /is not what a package holds: row 1/],
      ['[{"a": 1}, ', /is not a JSON array of rows/],
    ] as const) {
      const zip = await openPackageZip(await withEntry(t, entries, ANNOTATIONS_ENTRY, data));
      try {
        await expect(async () => {
          for await (const _row of annotationRows(zip));
        }).rejects.toThrow(reason);
      } finally {
        zip.close();
      }
    }
  });
});

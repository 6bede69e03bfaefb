// Packages stream through disk (decision 042): a document file whose bytes differ from the
// manifest's SHA-256 is refused when the package is staged, and, in a package read again without
// hashing its files (after a restart), fails its template's group only during the import (logged,
// rolled back, nothing left in the file store); a zip bomb and an entry that outgrows its declared
// size are refused when the package is staged; a document file is copied chunk by chunk.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { FieldType } from '@gs/contract/flags';
import { addArchive, addDatabase, addField, documentInserter } from '@gs/simulator-fixtures/builders';
import { docTable } from '../../documents/repos/docTables';
import { makeAdminApp, type AdminApp } from '../../testing/adminWorld';
import { everything, importLogger, readBytes, zipped } from '../../testing/packageTrip';
import { buildPackage, type PackageEntry } from './packageExport';
import { importPackage } from './packageImport';
import { PackageError } from './packageReader';
import { copyChecked, openPackageZip } from './packageZip';

const MIB = 1024 * 1024;

/** A database Source with two templates, Kept and Damaged, one document with its file in each. */
function source(t: AdminApp): number {
  const id = addDatabase(t.db, 'Source');
  const title = addField(t.db, id, { name: 'Title', type: FieldType.Character });
  const insert = documentInserter(t.db, id, [title]);
  mkdirSync(join(t.dataDir, 'files', 'src'), { recursive: true });
  for (const name of ['Kept', 'Damaged']) {
    const archive = addArchive(t.db, id, { name, fieldIds: [title] });
    const file = `src/${name}.pdf`;
    writeFileSync(join(t.dataDir, 'files', file), `%PDF-1.4 the ${name} file`);
    insert({
      archiveId: archive,
      filePath: file,
      fileType: '.pdf',
      fileSize: 20,
      pageCount: 1,
      createdAt: 1,
      values: { [title]: name },
    });
  }
  return id;
}

const entriesOf = (t: AdminApp, databaseId: number): Promise<PackageEntry[]> =>
  buildPackage(t.db, { databaseId, acronym: 'SRC', exportedBy: 'test', now: 0, dataDir: t.dataDir });

/** Every file under `dir`, relative, sorted. */
const filesUnder = (dir: string, at = ''): string[] =>
  existsSync(join(dir, at))
    ? readdirSync(join(dir, at), { withFileTypes: true })
        .flatMap((e) => (e.isDirectory() ? filesUnder(dir, join(at, e.name)) : [join(at, e.name)]))
        .sort()
    : [];

describe('document files stream out of the package during the import', () => {
  it('a file whose SHA-256 differs from the manifest is refused at staging, and fails its template only in the import', async () => {
    const t = makeAdminApp();
    const entries = await entriesOf(t, source(t));
    const damaged = entries.find((e) => 'path' in e && e.path.endsWith('Damaged.pdf'));
    if (!damaged) throw new Error('no Damaged file entry');
    const bytes = await zipped(
      entries.map((e) => (e === damaged ? { name: e.name, data: Buffer.from('other bytes') } : e)),
    );
    await expect(readBytes(bytes, t.dataDir)).rejects.toThrow(
      new PackageError(`The entry ${damaged.name} is damaged (its checksum differs from the manifest's).`),
    );
    // as a staged package is read again after a restart: its files are not hashed then
    const pkg = await readBytes(bytes, t.dataDir, { files: false });
    const log = importLogger();
    const outcome = await importPackage(t.db, t.dataDir, pkg, everything(pkg, 'Copy'), log, 0);

    expect(outcome.failures).toBe(1);
    expect(log.lines.filter((l) => l.startsWith('ERROR'))).toEqual([
      `ERROR Template Damaged: its files could not be written: The entry ${damaged.name} is damaged (its checksum differs from the manifest's).`,
    ]);
    const archives = t.db
      .prepare(`SELECT name FROM archives WHERE database_id = ? ORDER BY name`)
      .pluck()
      .all(outcome.databaseId);
    expect(archives).toEqual(['Kept']);
    expect(
      t.db
        .prepare(`SELECT count(*) FROM ${docTable(outcome.databaseId)}`)
        .pluck()
        .get(),
    ).toBe(1);
    const templates = t.db
      .prepare(`SELECT template FROM package_templates WHERE database_id = ?`)
      .pluck()
      .all(outcome.databaseId);
    expect(templates).toEqual(['SRC/Kept']);
    // the file store holds Kept's file and nothing of Damaged's
    const imported = filesUnder(join(t.dataDir, 'files', 'import'));
    expect(imported).toHaveLength(1);
    expect(readFileSync(join(t.dataDir, 'files', 'import', imported[0] ?? '')).toString()).toBe(
      '%PDF-1.4 the Kept file',
    );
    const path = t.db
      .prepare(`SELECT file_path FROM ${docTable(outcome.databaseId)}`)
      .pluck()
      .get() as string;
    expect(join('import', imported[0] ?? '')).toBe(path);
  });

  it('copies a 60 MB file chunk by chunk: the source never runs more than 8 MiB ahead of the disk', async () => {
    const t = makeAdminApp();
    const dest = join(t.dataDir, 'big.bin');
    const total = 60 * MIB;
    const chunk = Buffer.alloc(64 * 1024);
    const want = createHash('sha256');
    for (let sent = 0, i = 0; sent < total; sent += chunk.length, i++) want.update(chunk.fill(i % 251));
    let sent = 0;
    let ahead = 0;
    // a source that refuses to go on once it is far ahead of what reached the file: a copy that
    // gathered the whole entry before writing it would fail here
    const stream = new Readable({
      read() {
        if (sent >= total) return void this.push(null);
        ahead = Math.max(ahead, sent - (existsSync(dest) ? statSync(dest).size : 0));
        if (ahead > 8 * MIB) return void this.destroy(new Error('the copy holds the file in memory'));
        this.push(Buffer.from(chunk.fill((sent / chunk.length) % 251)));
        sent += chunk.length;
      },
    });
    await copyChecked(stream, dest, want.digest('hex'), 'documents/files/1.bin');
    expect(statSync(dest).size).toBe(total);
    expect(ahead).toBeLessThan(8 * MIB);

    const bad = Readable.from([Buffer.from('abc')]);
    await expect(copyChecked(bad, dest, 'f'.repeat(64), 'documents/files/1.bin')).rejects.toThrow(
      'The entry documents/files/1.bin is damaged',
    );
    expect(existsSync(dest)).toBe(false);
  });

  it('never reads a document file whole: the zip hands it out as a stream only', async () => {
    const t = makeAdminApp();
    const entries = await entriesOf(t, source(t));
    const pkg = await readBytes(await zipped(entries), t.dataDir);
    const zip = await openPackageZip(pkg.path);
    try {
      const file = [...zip.entries.keys()].find((n) => n.startsWith('documents/files/')) ?? '';
      await expect(zip.read(file)).rejects.toThrow('is a document file');
      expect(await zip.read('manifest.json')).toBeInstanceOf(Buffer);
    } finally {
      zip.close();
    }
  });
});

describe('a package is refused when it is staged', () => {
  it('refuses an entry that unpacks to over 200 times its size as a zip bomb', async () => {
    const t = makeAdminApp();
    const bomb = await zipped([
      { name: 'manifest.json', data: Buffer.from('{}') },
      { name: 'documents/files/1.txt', data: Buffer.alloc(16 * MIB) },
    ]);
    expect(bomb.length).toBeLessThan(MIB);
    await expect(readBytes(bomb, t.dataDir)).rejects.toThrow(
      /^The entry documents\/files\/1\.txt unpacks to 16777216 bytes from \d+: more than 200 times, refused as a zip bomb\.$/,
    );
  });

  it('refuses an entry whose data outgrows the size its central directory declares', async () => {
    const t = makeAdminApp();
    const bytes = await zipped(await entriesOf(t, source(t)));
    // shrink stamps.json's declared size in the central directory record (PK\1\2)
    const name = Buffer.from('stamps.json');
    let at = bytes.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]));
    while (at >= 0 && !bytes.subarray(at + 46, at + 46 + name.length).equals(name))
      at = bytes.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]), at + 4);
    expect(at).toBeGreaterThan(0);
    const declared = bytes.readUInt32LE(at + 24);
    expect(declared).toBeGreaterThan(1);
    bytes.writeUInt32LE(1, at + 24);
    const refused = readBytes(bytes, t.dataDir);
    await expect(refused).rejects.toBeInstanceOf(PackageError);
    await expect(refused).rejects.toThrow(
      /^The entry stamps\.json cannot be read: too many bytes in the stream/,
    );
  });
});

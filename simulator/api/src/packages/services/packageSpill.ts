// The import's spill files (decision 048): a template's document lines and the package's
// annotation rows are streamed out of the zip (packageEntries.ts) into NDJSON files on disk before
// the template's transaction, and read back inside it, synchronously and a chunk at a time, as
// better-sqlite3's transactions are synchronous. So the import holds one line at a time, whatever
// the package's size; the document files are copied out (packageFiles.ts) as their lines pass.
import { once } from 'node:events';
import { closeSync, createWriteStream, openSync, readSync } from 'node:fs';
import { StringDecoder } from 'node:string_decoder';
import type { DocumentLine, Package } from './packageModel';
import { ANNOTATIONS_ENTRY, INDEX_ENTRY, annotationRows, documentLines } from './packageEntries';
import { writeDocumentFile } from './packageFiles';
import type { PackageZip } from './packageZip';

/** How much of a spill file is read at a time. */
export const SPILL_CHUNK = 1024 * 1024;

/** Lines appended to `path`, waiting when the disk is behind. */
async function writeLines(path: string, lines: AsyncIterable<string>): Promise<number> {
  const out = createWriteStream(path);
  const failed = new Promise<never>((_done, fail) => out.once('error', fail));
  // awaited (and thrown) in the loop below; this only keeps it from being unhandled meanwhile
  failed.catch(() => undefined);
  let n = 0;
  try {
    for await (const line of lines) {
      n++;
      if (!out.write(`${line}\n`)) await Promise.race([once(out, 'drain'), failed]);
    }
  } finally {
    out.end();
    await Promise.race([once(out, 'close'), failed]);
  }
  return n;
}

/** Every line of `path`, in order, read a chunk at a time (synchronously: inside a transaction). */
export function forEachLineSync(path: string, each: (line: string) => void): void {
  const fd = openSync(path, 'r');
  try {
    const buffer = Buffer.alloc(SPILL_CHUNK);
    const decoder = new StringDecoder('utf8');
    let rest = '';
    for (;;) {
      const read = readSync(fd, buffer, 0, SPILL_CHUNK, null);
      if (read === 0) break;
      const lines = (rest + decoder.write(buffer.subarray(0, read))).split('\n');
      rest = lines.pop() ?? '';
      for (const line of lines) if (line !== '') each(line);
    }
    rest += decoder.end();
    if (rest !== '') each(rest);
  } finally {
    closeSync(fd);
  }
}

/**
 * The template's documents (those `inBranch` says are its own) into the spill file `path`, their
 * files copied into `files/<fileDir>/` as they pass; the number of documents. Throws PackageError
 * for a damaged index or file (the caller removes what was written).
 */
export async function spillTemplate(
  zip: PackageZip,
  pkg: Package,
  inBranch: (archiveId: number) => boolean,
  path: string,
  dataDir: string,
  fileDir: string,
): Promise<number> {
  async function* own(): AsyncGenerator<string> {
    for await (const d of documentLines(zip, pkg.manifest.Checksums[INDEX_ENTRY])) {
      if (!inBranch(d.archive_id)) continue;
      if (d.file) await writeDocumentFile(zip, pkg, d.file, dataDir, fileDir);
      yield JSON.stringify(d);
    }
  }
  return writeLines(path, own());
}

/** The package's annotation rows into the spill file `path`; how many. */
export async function spillAnnotations(zip: PackageZip, pkg: Package, path: string): Promise<number> {
  async function* rows(): AsyncGenerator<string> {
    for await (const row of annotationRows(zip, pkg.manifest.Checksums[ANNOTATIONS_ENTRY]))
      yield JSON.stringify(row);
  }
  return writeLines(path, rows());
}

/** A spilled document line (written by spillTemplate from a checked line). */
export const spilledDocument = (line: string): DocumentLine => JSON.parse(line) as DocumentLine;

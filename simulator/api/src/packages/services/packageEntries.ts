// The two entries of a .gs package that grow with its documents (docs/gs-package.md),
// documents/index.ndjson and documents/annotations.json, are never held whole (decision 048):
// they are read straight out of the zip as streams, one document line or annotation row at a
// time (the annotations' JSON array with stream-json), checked against their schema as they come,
// and hashed on the way; a SHA-256 other than the manifest's throws once the entry has been read
// through. Whoever iterates keeps what it needs (nothing at staging, a template's lines in a
// spill file during the import: packageSpill.ts).
import { createHash } from 'node:crypto';
import { StringDecoder } from 'node:string_decoder';
import streamArray from 'stream-json/streamers/stream-array.js';
import { z } from 'zod';
import type { DocumentLine } from './packageModel';
import type { PackageRow } from './packageTables';
import { PackageError, type PackageZip } from './packageZip';

export const INDEX_ENTRY = 'documents/index.ndjson';
export const ANNOTATIONS_ENTRY = 'documents/annotations.json';

export const cell = z.union([z.string(), z.number(), z.null()]);
export const rowSchema = z.record(z.string(), cell);
const lineSchema = z.object({
  id: z.number(),
  archive_id: z.number(),
  file: z.string(),
  file_type: z.string(),
  file_size: z.number(),
  page_count: z.number(),
  version: z.number(),
  root_version_id: z.number(),
  created_at: z.number(),
  modified_at: z.number(),
  values: z.record(z.string(), cell),
  multi: z.record(z.string(), z.array(z.string())),
  text: z.string().optional(),
});

const describe = (e: unknown) => (e instanceof Error ? e.message : String(e));
const damaged = (name: string) =>
  new PackageError(`The entry ${name} is damaged (its checksum differs from the manifest's).`);

/** One line of the index, checked; `n` counts from 1. */
export function parseDocumentLine(text: string, n: number, zip: PackageZip): DocumentLine {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new PackageError(`${INDEX_ENTRY} line ${n} is not JSON.`);
  }
  const parsed = lineSchema.safeParse(value);
  if (!parsed.success) throw new PackageError(`${INDEX_ENTRY} line ${n} is not a document.`);
  if (parsed.data.file && !zip.entries.has(parsed.data.file))
    throw new PackageError(`The file ${parsed.data.file} of document ${parsed.data.id} is missing.`);
  return parsed.data;
}

/**
 * The documents of the package, one at a time, in the index's order; none when the package has
 * no index. With `sha256` the entry's bytes are checked once it has been read through.
 */
export async function* documentLines(zip: PackageZip, sha256?: string): AsyncGenerator<DocumentLine> {
  if (!zip.entries.has(INDEX_ENTRY)) return;
  const hash = createHash('sha256');
  const decoder = new StringDecoder('utf8');
  let rest = '';
  let n = 0;
  const source = await zip.stream(INDEX_ENTRY);
  try {
    for await (const chunk of source) {
      hash.update(chunk as Buffer);
      const lines = (rest + decoder.write(chunk as Buffer)).split('\n');
      rest = lines.pop() ?? '';
      for (const line of lines) {
        n++;
        if (line.trim() !== '') yield parseDocumentLine(line, n, zip);
      }
    }
  } catch (e) {
    if (e instanceof PackageError) throw e;
    throw new PackageError(`The entry ${INDEX_ENTRY} cannot be read: ${describe(e)}`);
  } finally {
    source.destroy();
  }
  const last = rest + decoder.end();
  if (last.trim() !== '') yield parseDocumentLine(last, n + 1, zip);
  if (sha256 !== undefined && hash.digest('hex') !== sha256) throw damaged(INDEX_ENTRY);
}

/**
 * The annotation rows of the package (a JSON array), one at a time, parsed as a stream; none
 * when the package has no annotations. With `sha256` the entry's bytes are checked at the end.
 */
export async function* annotationRows(zip: PackageZip, sha256?: string): AsyncGenerator<PackageRow> {
  if (!zip.entries.has(ANNOTATIONS_ENTRY)) return;
  const hash = createHash('sha256');
  const source = await zip.stream(ANNOTATIONS_ENTRY);
  const items = streamArray.withParserAsStream();
  source.on('data', (chunk: Buffer) => hash.update(chunk));
  source.once('error', (e) => items.destroy(e));
  source.pipe(items);
  let n = 0;
  try {
    for await (const item of items) {
      const parsed = rowSchema.safeParse((item as { value: unknown }).value);
      if (!parsed.success)
        throw new PackageError(
          `${ANNOTATIONS_ENTRY} is not what a package holds: row ${n + 1}: ${parsed.error.issues[0]?.message ?? ''}`,
        );
      n++;
      yield parsed.data;
    }
  } catch (e) {
    if (e instanceof PackageError) throw e;
    throw new PackageError(`${ANNOTATIONS_ENTRY} is not a JSON array of rows: ${describe(e)}`);
  } finally {
    source.unpipe(items);
    source.destroy();
    items.destroy();
  }
  if (sha256 !== undefined && hash.digest('hex') !== sha256) throw damaged(ANNOTATIONS_ENTRY);
}

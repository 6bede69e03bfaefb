// Merge and append (spec §4, §7, globalsearch-ux §10). Items are archive documents or inbox files.
// - merge: the pages of two or more items, in the order given, as a new file: a new document in
//   the target archive that takes the base document's index data (values, multi-values; none when
//   the base is an inbox file) and every archive item's text, or a new file in the target inbox.
//   The originals stay. The first item must be a PDF or TIFF; images are drawn as pages, other
//   types refused.
// - append: the pages of the other item(s) added after (or before) the base item's own, written
//   over the base: an archive document (its file, type, size and page count change; history
//   'appended') or an inbox file.
// Annotations (decision 006) follow the pages: a merged document gets each archive item's stamps
// on that item's pages of the new file (the items keep theirs); pages put in front of an archive
// document move its stamps on by that many pages. Both in the transaction of the merge.
// Content search (decision 040): the new document takes its items' texts at once, in the
// transaction; after the commit its new file's text is read in the background (pdfTextJobs.ts)
// and replaces it, with the stored text of the items whose pages the file cannot hold as text
// (images) kept beside it.
// The result is a TIFF when the base is a TIFF, else a PDF. New files are written before the row
// is committed and removed again if the commit fails; a replaced file is unlinked after the commit
// when no other document uses it.
import { randomBytes } from 'node:crypto';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import { basename, dirname, extname, join } from 'node:path';
import type { ArchiveRow } from '../../catalog/repos/archivesRepo';
import type { StoredDoc } from '../repos/documentOpsRepo';
import type { InboxRow } from '../../inboxes/repos/inboxesRepo';
import { badRequest, conflict, invalid, notFound } from '../../domain/errors';
import { messages } from '../../security/services/access';
import { storedFile, type DocumentOpsContext } from './documentOps';
import { uniqueName } from '../../files/services/fileStore';
import { existingFile, inboxDir } from '../../inboxes/services/inboxFiles';
import { formatFor, mergeFiles, sourcePages, type MergedFile } from './mergeOutput';
import { textNotCarried } from './mergeText';
import { MERGEABLE_TYPES, MERGE_BASE_TYPES, type MergeSource } from '../../pdf/services/pdfMerge';
import { removeLeftover } from '../../files/services/leftovers';

/** An archive document of a merge. */
export interface MergePart {
  archive: ArchiveRow;
  docId: number;
}

/** An inbox file of a merge: `name` with its extension. */
export interface InboxPart {
  inbox: InboxRow;
  name: string;
}

export type MergeItem = MergePart | InboxPart;

export const isInboxPart = (item: MergeItem): item is InboxPart => 'inbox' in item;

export interface MergeJob {
  databaseId: number;
  /** in page order */
  parts: MergeItem[];
  /** an archive document gives the new document its index data; an inbox file gives none */
  base: MergeItem;
  target: ArchiveRow;
}

export interface InboxMergeJob {
  databaseId: number;
  parts: MergeItem[];
  base: MergeItem;
  target: InboxRow;
}

export interface AppendJob<B extends MergeItem> {
  databaseId: number;
  /** the item that keeps the pages */
  base: B;
  /** the items whose pages are added, in order */
  others: MergeItem[];
  /** the others' pages go before the base's own */
  before: boolean;
}

const itemName = (item: MergeItem): string =>
  isInboxPart(item) ? `inbox file '${item.name}'` : `document ${item.docId}`;

function rowOf(ctx: DocumentOpsContext, db: number, p: MergePart): StoredDoc {
  const row = ctx.ops.row(db, p.docId);
  if (!row || row.archiveId !== p.archive.id) throw notFound(messages.document(p.archive.id, p.docId));
  return row;
}

interface ResolvedSource extends MergeSource {
  item: MergeItem;
}

const partText = (s: ResolvedSource) => ({
  type: s.type,
  docId: isInboxPart(s.item) ? undefined : s.item.docId,
});

async function sourceOf(ctx: DocumentOpsContext, db: number, item: MergeItem): Promise<ResolvedSource> {
  if (isInboxPart(item)) {
    const file = await existingFile(inboxDir(ctx.dataDir, item.inbox), item.name);
    return { item, file, type: extname(item.name).toLowerCase() };
  }
  const row = rowOf(ctx, db, item);
  const file = storedFile(ctx.dataDir, row.filePath);
  if (!file) throw notFound(`Document ${row.id} has no file.`);
  return { item, file, type: row.fileType.toLowerCase() };
}

/** The sources in page order; the first (and the base) must be PDF or TIFF, the rest mergeable. */
async function sourcesOf(ctx: DocumentOpsContext, db: number, items: MergeItem[], base: MergeItem) {
  const sources = await Promise.all(items.map((item) => sourceOf(ctx, db, item)));
  const first = sources[0];
  if (!first || !MERGE_BASE_TYPES.has(first.type))
    throw badRequest('The first document of a merge must be a PDF or TIFF file.');
  for (const s of sources)
    if (!MERGEABLE_TYPES.has(s.type))
      throw badRequest(`${itemName(s.item)} (${s.type || 'no file'}) cannot be merged.`);
  const baseSource = sources.find((s) => s.item === base) ?? (await sourceOf(ctx, db, base));
  if (!MERGE_BASE_TYPES.has(baseSource.type))
    throw badRequest(`The base document must be a PDF or TIFF file, not ${baseSource.type || 'no file'}.`);
  return { sources, format: formatFor(baseSource.type) };
}

async function merged(sources: MergeSource[], format: 'pdf' | 'tiff'): Promise<MergedFile> {
  return mergeFiles(sources, format).catch((error: unknown) => {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT')
      throw notFound('The file of a document of the merge was not found.');
    throw invalid(
      `The documents could not be merged: ${error instanceof Error ? error.message : String(error)}`,
    );
  });
}

/** Writes a new stored file under files/{db}/{archive}/; its relative path and absolute file. */
async function writeStored(
  ctx: DocumentOpsContext,
  db: number,
  archive: number,
  prefix: string,
  result: MergedFile,
) {
  const path = `${db}/${archive}/${prefix}-${randomBytes(6).toString('hex')}${result.type}`;
  const file = storedFile(ctx.dataDir, path);
  if (!file) throw new Error(`bad merge path ${path}`);
  await mkdir(dirname(file), { recursive: true });
  await writeFile(file, result.bytes, { flag: 'wx' });
  return { path, file };
}

async function committed<T>(file: string, commit: () => T): Promise<T> {
  try {
    return commit();
  } catch (error) {
    await removeLeftover(file, 'The merged file of a merge that failed');
    throw error;
  }
}

const archiveParts = (items: MergeItem[]): MergePart[] =>
  items.filter((i): i is MergePart => !isInboxPart(i));

/** Each source with its page count and the number of pages before it in the merged file. */
async function pagePlacement(sources: ResolvedSource[]) {
  const counts = await Promise.all(sources.map(sourcePages));
  let offset = 0;
  return sources.map((source, i) => {
    const pages = counts[i] ?? 1;
    const placed = { item: source.item, offset, pages };
    offset += pages;
    return placed;
  });
}

/** Merge the items into a new document in the target archive; its id. */
export async function mergeDocuments(ctx: DocumentOpsContext, job: MergeJob): Promise<number> {
  const db = job.databaseId;
  const { sources, format } = await sourcesOf(ctx, db, job.parts, job.base);
  const result = await merged(sources, format);
  const placement = await pagePlacement(sources);
  const { path, file } = await writeStored(ctx, db, job.target.id, 'merge', result);
  let also = '';
  const id = await committed(file, () =>
    ctx.ops.transaction(() => {
      archiveParts(job.parts).forEach((p) => rowOf(ctx, db, p));
      const base = isInboxPart(job.base) ? null : job.base;
      if (base) rowOf(ctx, db, base);
      const id = base
        ? ctx.ops.copy(db, base.docId, job.target.id, path, ctx.now())
        : ctx.ops.create(db, job.target.id, path, ctx.now());
      ctx.ops.setFile(db, id, { path, type: result.type, size: result.bytes.length, pages: result.pages });
      const text = archiveParts(job.parts)
        .map((p) => ctx.ops.text(db, p.docId))
        .filter((t) => t !== '');
      if (text.length) ctx.ops.setText(db, id, text.join('\n'));
      also = textNotCarried(ctx.ops, db, sources.map(partText));
      for (const { item, offset, pages } of placement)
        if (!isInboxPart(item))
          ctx.annotations?.copyShifted(
            { databaseId: db, documentId: item.docId },
            { databaseId: db, documentId: id },
            offset,
            pages,
          );
      ctx.audit.add({
        databaseId: db,
        archiveId: job.target.id,
        documentId: id,
        oldArchiveId: base?.archive.id ?? 0,
        oldDocId: base?.docId ?? 0,
        userName: ctx.userName,
        category: 'updated',
        message: `Document created by merging ${job.parts.map(itemName).join(', ')}`,
        time: ctx.now(),
        connectionString: '',
      });
      return id;
    }),
  );
  ctx.textJobs?.add([
    { databaseId: db, docId: id, relative: path, absolute: file, fileType: result.type, also },
  ]);
  return id;
}

/** Merge the items into a new file of the target inbox; the file's name. */
export async function mergeIntoInbox(ctx: DocumentOpsContext, job: InboxMergeJob): Promise<string> {
  const { sources, format } = await sourcesOf(ctx, job.databaseId, job.parts, job.base);
  const result = await merged(sources, format);
  const dir = inboxDir(ctx.dataDir, job.target);
  await mkdir(dir, { recursive: true });
  const name = await uniqueName(
    dir,
    `Merged ${new Date(ctx.now()).toISOString().slice(0, 10)}${result.type}`,
  );
  await writeFile(join(dir, name), result.bytes, { flag: 'wx' });
  return name;
}

const pageOrder = <B extends MergeItem>(job: AppendJob<B>): MergeItem[] =>
  job.before ? [...job.others, job.base] : [job.base, ...job.others];

/** Append the others' pages to the archive document; its id. */
export async function appendToDocument(ctx: DocumentOpsContext, job: AppendJob<MergePart>): Promise<number> {
  const db = job.databaseId;
  const before = rowOf(ctx, db, job.base);
  const items = pageOrder(job);
  const { sources, format } = await sourcesOf(ctx, db, items, job.base);
  const result = await merged(sources, format);
  // the others' pages put in front of the base's own move its stamps on
  const inFront = job.before
    ? ((await pagePlacement(sources)).find((p) => p.item === job.base)?.offset ?? 0)
    : 0;
  const { path, file } = await writeStored(ctx, db, job.base.archive.id, `append-${job.base.docId}`, result);
  let also = '';
  await committed(file, () =>
    ctx.ops.transaction(() => {
      const row = rowOf(ctx, db, job.base);
      if (row.filePath !== before.filePath)
        throw conflict(`Document ${job.base.docId} changed while its pages were appended.`);
      ctx.ops.setFile(db, job.base.docId, {
        path,
        type: result.type,
        size: result.bytes.length,
        pages: result.pages,
      });
      if (inFront > 0) ctx.annotations?.shiftPages(db, job.base.docId, inFront);
      const text = items
        .map((i) => (isInboxPart(i) ? '' : ctx.ops.text(db, i.docId)))
        .filter((t) => t !== '');
      if (text.length) ctx.ops.setText(db, job.base.docId, text.join('\n'));
      also = textNotCarried(ctx.ops, db, sources.map(partText));
      ctx.audit.add({
        databaseId: db,
        archiveId: job.base.archive.id,
        documentId: job.base.docId,
        oldArchiveId: 0,
        oldDocId: 0,
        userName: ctx.userName,
        category: 'appended',
        message: `Pages of ${job.others.map(itemName).join(', ')} appended`,
        time: ctx.now(),
        connectionString: '',
      });
    }),
  );
  const docId = job.base.docId;
  ctx.textJobs?.add([{ databaseId: db, docId, relative: path, absolute: file, fileType: result.type, also }]);
  const old = storedFile(ctx.dataDir, before.filePath);
  if (old && !ctx.ops.fileInUse(before.filePath)) await removeLeftover(old, 'The file the merge replaced');
  return job.base.docId;
}

/** Append the others' pages to the inbox file, written over it (a TIFF base stays a TIFF); its name. */
export async function appendToInboxFile(ctx: DocumentOpsContext, job: AppendJob<InboxPart>): Promise<string> {
  const { sources, format } = await sourcesOf(ctx, job.databaseId, pageOrder(job), job.base);
  const result = await merged(sources, format);
  const target = await existingFile(inboxDir(ctx.dataDir, job.base.inbox), job.base.name);
  const partial = `${target}.${process.pid}.part`;
  await writeFile(partial, result.bytes);
  await rename(partial, target);
  return basename(target);
}

// Merge: the pages of two or more documents, in the order given, as a new PDF document that takes
// the base document's index data (values, multi-values) and every document's text; the originals
// stay. The first document must be a PDF or TIFF; images are drawn as pages, other types refused.
// The new file is written first and removed again if the row cannot be committed.
import { randomBytes } from 'node:crypto';
import { mkdir, unlink, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { ArchiveRow } from '../db/archivesRepo';
import type { StoredDoc } from '../db/documentOpsRepo';
import { HttpError, badRequest, notFound } from '../http/errors';
import { messages } from './access';
import { storedFile, type DocumentOpsContext } from './documentOps';
import { MERGEABLE_TYPES, MERGE_BASE_TYPES, mergeToPdf, type MergeSource } from './pdfMerge';

export interface MergePart {
  archive: ArchiveRow;
  docId: number;
}

export interface MergeJob {
  databaseId: number;
  /** in page order */
  parts: MergePart[];
  base: MergePart;
  target: ArchiveRow;
}

const typeOf = (row: StoredDoc): string => row.fileType.toLowerCase();

function rowsOf(ctx: DocumentOpsContext, job: MergeJob): StoredDoc[] {
  return job.parts.map((p) => {
    const row = ctx.ops.row(job.databaseId, p.docId);
    if (!row || row.archiveId !== p.archive.id) throw notFound(messages.document(p.archive.id, p.docId));
    return row;
  });
}

function sourcesOf(ctx: DocumentOpsContext, rows: StoredDoc[]): MergeSource[] {
  const first = rows[0];
  if (!first || !MERGE_BASE_TYPES.has(typeOf(first)))
    throw badRequest('The first document of a merge must be a PDF or TIFF file.');
  return rows.map((row) => {
    if (!MERGEABLE_TYPES.has(typeOf(row)))
      throw badRequest(`Document ${row.id} (${row.fileType || 'no file'}) cannot be merged.`);
    const file = storedFile(ctx.dataDir, row.filePath);
    if (!file) throw notFound(`Document ${row.id} has no file.`);
    return { file, type: typeOf(row) };
  });
}

async function merged(sources: MergeSource[]): Promise<{ bytes: Uint8Array; pages: number }> {
  return mergeToPdf(sources).catch((error: unknown) => {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT')
      throw new HttpError(404, { Message: 'The file of a document of the merge was not found.' });
    throw new HttpError(400, {
      Message: `The documents could not be merged: ${error instanceof Error ? error.message : String(error)}`,
    });
  });
}

function commit(
  ctx: DocumentOpsContext,
  job: MergeJob,
  path: string,
  result: { size: number; pages: number },
) {
  return ctx.ops.transaction(() => {
    rowsOf(ctx, job);
    const db = job.databaseId;
    const id = ctx.ops.copy(db, job.base.docId, job.target.id, path, ctx.now());
    ctx.ops.setFile(db, id, { path, type: '.pdf', size: result.size, pages: result.pages });
    const text = job.parts.map((p) => ctx.ops.text(db, p.docId)).filter((t) => t !== '');
    if (text.length) ctx.ops.setText(db, id, text.join('\n'));
    ctx.audit.add({
      databaseId: db,
      archiveId: job.target.id,
      documentId: id,
      oldArchiveId: job.base.archive.id,
      oldDocId: job.base.docId,
      userName: ctx.userName,
      category: 'updated',
      message: `Document created by merging documents ${job.parts.map((p) => p.docId).join(', ')}`,
      time: ctx.now(),
      connectionString: '',
    });
    return id;
  });
}

/** Merge the documents into a new one in the target archive; its id. */
export async function mergeDocuments(ctx: DocumentOpsContext, job: MergeJob): Promise<number> {
  const result = await merged(sourcesOf(ctx, rowsOf(ctx, job)));
  const path = `${job.databaseId}/${job.target.id}/merge-${randomBytes(6).toString('hex')}.pdf`;
  const file = storedFile(ctx.dataDir, path);
  if (!file) throw new Error(`bad merge path ${path}`);
  await mkdir(dirname(file), { recursive: true });
  await writeFile(file, result.bytes, { flag: 'wx' });
  try {
    return commit(ctx, job, path, { size: result.bytes.length, pages: result.pages });
  } catch (error) {
    await unlink(file).catch(() => undefined);
    throw error;
  }
}

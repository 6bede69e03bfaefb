// Copy, move and delete of one document, with its file and its history. Each database write is
// one transaction holding the rows and the audit entries; file work is ordered so a failure loses
// nothing: a copy's file is made before its row is committed (and removed again if the commit
// fails), a deleted document's file is unlinked only after the commit and only when no other
// document (of any database) still uses it — the large scenario shares files between documents.
// A move keeps the document's id and its file where it is (file paths are only storage names).
// Across a Modify Annotations boundary the annotations are burned in instead (burnInTransfer.ts):
// the copy or the moved document gets a new PDF file and no annotation records.
import { randomBytes } from 'node:crypto';
import { constants } from 'node:fs';
import { copyFile, mkdir } from 'node:fs/promises';
import { dirname, extname, resolve, sep } from 'node:path';
import type { HistoryCategory } from '@gs/contract/history';
import type { ArchiveRow } from '../../catalog/repos/archivesRepo';
import type { AnnotationsRepo } from '../../viewer/repos/annotationsRepo';
import type { AuditRepo } from '../repos/auditRepo';
import type { DocumentOpsRepo, StoredDoc } from '../repos/documentOpsRepo';
import { notFound } from '../../domain/errors';
import { messages } from '../../security/services/access';
import {
  burnedFileInfo,
  committedWith,
  requireUnchanged,
  writeBurnedFile,
  type BurnedFile,
} from './burnInTransfer';
import type { DocumentRef } from './documentAccess';
import type { PdfTextJobs } from '../../pdf/services/pdfTextJobs';
import { removeLeftover } from '../../files/services/leftovers';

export interface DocumentOpsContext {
  ops: DocumentOpsRepo;
  audit: AuditRepo;
  dataDir: string;
  now: () => number;
  userName: string;
  /** a copy takes the document's annotations along, a delete drops them (annotationsRepo.ts) */
  annotations?: AnnotationsRepo;
  /** a merge or append has the text of the document's new file read after the commit (decision 040) */
  textJobs?: PdfTextJobs;
}

/** The absolute path of a stored file path, or undefined when it is empty or leaves files/. */
export function storedFile(dataDir: string, filePath: string): string | undefined {
  const root = resolve(dataDir, 'files');
  const file = resolve(root, filePath);
  return filePath && file.startsWith(root + sep) ? file : undefined;
}

const isMissing = (error: unknown): boolean => (error as NodeJS.ErrnoException).code === 'ENOENT';

export function storedRow(ctx: DocumentOpsContext, ref: DocumentRef): StoredDoc {
  const row = ctx.ops.row(ref.databaseId, ref.docId);
  if (!row || row.archiveId !== ref.archive.id) throw notFound(messages.document(ref.archive.id, ref.docId));
  return row;
}

export function log(
  ctx: DocumentOpsContext,
  entry: {
    databaseId: number;
    archiveId: number;
    documentId: number;
    oldArchiveId?: number;
    oldDocId?: number;
  },
  category: HistoryCategory,
  message: string,
): void {
  ctx.audit.add({
    oldArchiveId: 0,
    oldDocId: 0,
    ...entry,
    userName: ctx.userName,
    category,
    message,
    time: ctx.now(),
    connectionString: '',
  });
}

/** Copy the file of `row` under files/{dest db}/{dest}/; its stored path ('' when it has none). */
export async function copyStoredFile(
  ctx: DocumentOpsContext,
  ref: DocumentRef,
  row: StoredDoc,
  dest: ArchiveRow,
) {
  const source = storedFile(ctx.dataDir, row.filePath);
  if (!source) return '';
  const ext = extname(row.filePath) || row.fileType;
  const filePath = `${dest.databaseId}/${dest.id}/${row.id}-${randomBytes(6).toString('hex')}${ext}`;
  const target = storedFile(ctx.dataDir, filePath);
  if (!target) throw new Error(`bad copy path ${filePath}`);
  await mkdir(dirname(target), { recursive: true });
  await copyFile(source, target, constants.COPYFILE_EXCL).catch((error: unknown) => {
    if (isMissing(error)) throw notFound(`The file of document ${ref.docId} was not found.`);
    throw error;
  });
  return filePath;
}

/** Unlink a stored file no document (of any database) uses any more. */
export async function removeUnusedFile(ctx: DocumentOpsContext, filePath: string): Promise<void> {
  const file = storedFile(ctx.dataDir, filePath);
  if (!file || ctx.ops.fileInUse(filePath)) return;
  await removeLeftover(file, 'A file no document uses any more,');
}

/**
 * A copy's file work around `write`, one transaction adding the copy's row (given the source row as
 * it is then): the copy's file (the burned PDF, or a copy of the source's file) is made first and
 * removed again when the commit fails.
 */
export async function copyWithFile(
  ctx: DocumentOpsContext,
  ref: DocumentRef,
  dest: ArchiveRow,
  burn: boolean,
  write: (current: StoredDoc, filePath: string, burned: BurnedFile | undefined) => number,
): Promise<number> {
  const row = storedRow(ctx, ref);
  const burned = burn ? await writeBurnedFile(ctx, ref, row, dest) : undefined;
  const filePath = burned?.path ?? (await copyStoredFile(ctx, ref, row, dest));
  return committedWith(ctx, filePath, () =>
    ctx.ops.transaction(() => write(storedRow(ctx, ref), filePath, burned)),
  );
}

/**
 * A move's file work around `commit`, one transaction moving `row`: with `burn` (and annotations)
 * the new PDF is made first and removed again when the commit fails, and the old file is unlinked
 * after the commit unless another document uses it.
 */
export async function moveWithFile<T>(
  ctx: DocumentOpsContext,
  ref: DocumentRef,
  row: StoredDoc,
  dest: ArchiveRow,
  burn: boolean,
  commit: (burned: BurnedFile | undefined) => T,
): Promise<T> {
  const burned = burn ? await writeBurnedFile(ctx, ref, row, dest) : undefined;
  const result = await committedWith(ctx, burned?.path, () => commit(burned));
  if (burned) await removeUnusedFile(ctx, burned.from.filePath);
  return result;
}

/** The history entries of a copy or move: at the new document (`to`), then at the source. */
export function logBothSides(
  ctx: DocumentOpsContext,
  ref: DocumentRef,
  to: { databaseId: number; archiveId: number; documentId: number },
  category: HistoryCategory,
  messages: { to: string; from: string },
): void {
  const old = { oldArchiveId: ref.archive.id, oldDocId: ref.docId };
  log(ctx, { ...to, ...old }, category, messages.to);
  const source = { databaseId: ref.databaseId, archiveId: ref.archive.id, documentId: ref.docId };
  log(ctx, { ...source, ...old }, category, messages.from);
}

/**
 * A copy of the document in `dest` (same database); the new document's id. With `burn` (the
 * burn-in rule) an annotated document's copy is a PDF with the annotations drawn in.
 */
export function copyDocument(
  ctx: DocumentOpsContext,
  ref: DocumentRef,
  dest: ArchiveRow,
  burn = false,
): Promise<number> {
  return copyWithFile(ctx, ref, dest, burn, (current, filePath, burned) => {
    const id = ctx.ops.copy(ref.databaseId, ref.docId, dest.id, filePath, ctx.now());
    if (burned) {
      requireUnchanged(ctx, ref, current, burned);
      ctx.ops.setFile(ref.databaseId, id, burnedFileInfo(burned, current.pageCount));
    } else
      ctx.annotations?.copy(
        { databaseId: ref.databaseId, documentId: ref.docId },
        { databaseId: ref.databaseId, documentId: id },
      );
    logBothSides(ctx, ref, { databaseId: ref.databaseId, archiveId: dest.id, documentId: id }, 'copied', {
      to: `Document copied from archive '${ref.archive.name}' (document ${ref.docId})`,
      from: `Document copied to archive '${dest.name}' (document ${id})`,
    });
    return id;
  });
}

/**
 * Move the document to `dest` (same database); it keeps its id, which is returned. With `burn`
 * (the burn-in rule) an annotated document gets a new PDF with the annotations drawn in and loses
 * its annotation records; its old file is unlinked after the commit unless another document uses it.
 */
export async function moveDocument(
  ctx: DocumentOpsContext,
  ref: DocumentRef,
  dest: ArchiveRow,
  burn = false,
): Promise<number> {
  await moveWithFile(ctx, ref, storedRow(ctx, ref), dest, burn, (burned) => moveRow(ctx, ref, dest, burned));
  return ref.docId;
}

function moveRow(
  ctx: DocumentOpsContext,
  ref: DocumentRef,
  dest: ArchiveRow,
  burned: BurnedFile | undefined,
): void {
  ctx.ops.transaction(() => {
    const current = storedRow(ctx, ref);
    ctx.ops.move(ref.databaseId, ref.docId, dest.id, ctx.now());
    if (burned) {
      requireUnchanged(ctx, ref, current, burned);
      ctx.ops.setFile(ref.databaseId, ref.docId, burnedFileInfo(burned, current.pageCount));
      ctx.annotations?.remove(ref.databaseId, ref.docId);
    }
    log(
      ctx,
      {
        databaseId: ref.databaseId,
        archiveId: dest.id,
        documentId: ref.docId,
        oldArchiveId: ref.archive.id,
        oldDocId: ref.docId,
      },
      'moved',
      `Document moved from archive '${ref.archive.name}' to '${dest.name}'`,
    );
  });
}

/** Delete the document's rows (its history stays), then its file unless another document uses it. */
export async function deleteDocument(ctx: DocumentOpsContext, ref: DocumentRef): Promise<void> {
  const row = ctx.ops.transaction(() => {
    const found = storedRow(ctx, ref);
    ctx.ops.remove(ref.databaseId, ref.docId);
    ctx.annotations?.remove(ref.databaseId, ref.docId);
    log(
      ctx,
      { databaseId: ref.databaseId, archiveId: ref.archive.id, documentId: ref.docId },
      'deleted',
      `Document deleted from archive '${ref.archive.name}'`,
    );
    return found;
  });
  await removeUnusedFile(ctx, row.filePath);
}

// Copy, move and delete of one document, with its file and its history. Each database write is
// one transaction holding the rows and the audit entries; file work is ordered so a failure loses
// nothing: a copy's file is made before its row is committed (and removed again if the commit
// fails), a deleted document's file is unlinked only after the commit and only when no other
// document (of any database) still uses it — the large scenario shares files between documents.
// A move keeps the document's id and its file where it is (file paths are only storage names).
import { randomBytes } from 'node:crypto';
import { constants } from 'node:fs';
import { copyFile, mkdir, unlink } from 'node:fs/promises';
import { dirname, extname, resolve, sep } from 'node:path';
import type { HistoryCategory } from '@gs/contract/history';
import type { ArchiveRow } from '../db/archivesRepo';
import type { AuditRepo } from '../db/auditRepo';
import type { DocumentOpsRepo, StoredDoc } from '../db/documentOpsRepo';
import { HttpError, notFound } from '../http/errors';
import { messages } from './access';
import type { DocumentRef } from './documentAccess';

export interface DocumentOpsContext {
  ops: DocumentOpsRepo;
  audit: AuditRepo;
  dataDir: string;
  now: () => number;
  userName: string;
}

/** The absolute path of a stored file path, or undefined when it is empty or leaves files/. */
export function storedFile(dataDir: string, filePath: string): string | undefined {
  const root = resolve(dataDir, 'files');
  const file = resolve(root, filePath);
  return filePath && file.startsWith(root + sep) ? file : undefined;
}

const isMissing = (error: unknown): boolean => (error as NodeJS.ErrnoException).code === 'ENOENT';

function storedRow(ctx: DocumentOpsContext, ref: DocumentRef): StoredDoc {
  const row = ctx.ops.row(ref.databaseId, ref.docId);
  if (!row || row.archiveId !== ref.archive.id) throw notFound(messages.document(ref.archive.id, ref.docId));
  return row;
}

function log(
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

/** Copy the file of `row` under files/{db}/{dest}/; its stored path ('' when it has none). */
async function copyStoredFile(ctx: DocumentOpsContext, ref: DocumentRef, row: StoredDoc, dest: number) {
  const source = storedFile(ctx.dataDir, row.filePath);
  if (!source) return '';
  const ext = extname(row.filePath) || row.fileType;
  const filePath = `${ref.databaseId}/${dest}/${row.id}-${randomBytes(6).toString('hex')}${ext}`;
  const target = storedFile(ctx.dataDir, filePath);
  if (!target) throw new Error(`bad copy path ${filePath}`);
  await mkdir(dirname(target), { recursive: true });
  await copyFile(source, target, constants.COPYFILE_EXCL).catch((error: unknown) => {
    if (isMissing(error))
      throw new HttpError(404, { Message: `The file of document ${ref.docId} was not found.` });
    throw error;
  });
  return filePath;
}

/** A copy of the document in `dest` (same database); the new document's id. */
export async function copyDocument(
  ctx: DocumentOpsContext,
  ref: DocumentRef,
  dest: ArchiveRow,
): Promise<number> {
  const row = storedRow(ctx, ref);
  const filePath = await copyStoredFile(ctx, ref, row, dest.id);
  try {
    return ctx.ops.transaction(() => {
      storedRow(ctx, ref);
      const id = ctx.ops.copy(ref.databaseId, ref.docId, dest.id, filePath, ctx.now());
      const from = { databaseId: ref.databaseId, oldArchiveId: ref.archive.id, oldDocId: ref.docId };
      log(
        ctx,
        { ...from, archiveId: dest.id, documentId: id },
        'copied',
        `Document copied from archive '${ref.archive.name}' (document ${ref.docId})`,
      );
      log(
        ctx,
        { ...from, archiveId: ref.archive.id, documentId: ref.docId },
        'copied',
        `Document copied to archive '${dest.name}' (document ${id})`,
      );
      return id;
    });
  } catch (error) {
    const made = storedFile(ctx.dataDir, filePath);
    if (made) await unlink(made).catch(() => undefined);
    throw error;
  }
}

/** Move the document to `dest` (same database); it keeps its id, which is returned. */
export function moveDocument(ctx: DocumentOpsContext, ref: DocumentRef, dest: ArchiveRow): number {
  return ctx.ops.transaction(() => {
    storedRow(ctx, ref);
    ctx.ops.move(ref.databaseId, ref.docId, dest.id, ctx.now());
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
    return ref.docId;
  });
}

/** Delete the document's rows (its history stays), then its file unless another document uses it. */
export async function deleteDocument(ctx: DocumentOpsContext, ref: DocumentRef): Promise<void> {
  const row = ctx.ops.transaction(() => {
    const found = storedRow(ctx, ref);
    ctx.ops.remove(ref.databaseId, ref.docId);
    log(
      ctx,
      { databaseId: ref.databaseId, archiveId: ref.archive.id, documentId: ref.docId },
      'deleted',
      `Document deleted from archive '${ref.archive.name}'`,
    );
    return found;
  });
  const file = storedFile(ctx.dataDir, row.filePath);
  if (!file || ctx.ops.fileInUse(row.filePath)) return;
  await unlink(file).catch((error: unknown) => {
    if (!isMissing(error)) console.error(error);
  });
}

// The burn-in rule of copy and move (globalsearch-ux §7, decision 006): a document copied or moved
// from an archive where the caller lacks Modify Annotations (2048) to one where they have it
// arrives as a flattened PDF with its annotations drawn in (annotationBurnIn.ts), silently; its
// File Type becomes .pdf, its page count stays, and no annotation records go with it. The burned
// PDF is always a new file (the source's file may be shared), written before the transaction and
// removed again when the commit fails. A document without annotations, without a file, or of a
// type that cannot carry drawn stamps keeps its file, and its annotations travel as records.
import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { ArchivePermission, hasFlag } from '@gs/contract/flags';
import type { AnnotationRow } from '../../viewer/repos/annotationsRepo';
import type { ArchiveRow } from '../../catalog/repos/archivesRepo';
import type { StoredDoc } from '../repos/documentOpsRepo';
import { conflict, failed, notFound } from '../../domain/errors';
import { burnIn, canBurnIn } from '../../viewer/services/annotationBurnIn';
import { sameAnnotationRows } from '../../viewer/services/annotations';
import type { DocumentRef } from './documentAccess';
import { storedFile, type DocumentOpsContext } from './documentOps';
import { publicMessage } from '../../files/services/serverPaths';
import { removeLeftover } from '../../files/services/leftovers';

/** Whether a copy or move between archives with these permissions of the caller burns the annotations in. */
export const burnsIn = (sourcePermissions: number, destPermissions: number): boolean =>
  !hasFlag(sourcePermissions, ArchivePermission.ModifyAnnotations) &&
  hasFlag(destPermissions, ArchivePermission.ModifyAnnotations);

/** A burned PDF written for a copy or move. */
export interface BurnedFile {
  /** relative to files/ */
  path: string;
  size: number;
  /** the source row and annotations it was made from (checked again inside the transaction) */
  from: StoredDoc;
  annotations: AnnotationRow[];
}

const isMissing = (error: unknown): boolean => (error as NodeJS.ErrnoException).code === 'ENOENT';

/**
 * The document's file with its annotations drawn in, written as a new PDF under
 * files/{dest db}/{dest archive}/; undefined when there is nothing to burn in.
 */
export async function writeBurnedFile(
  ctx: DocumentOpsContext,
  ref: DocumentRef,
  row: StoredDoc,
  dest: ArchiveRow,
): Promise<BurnedFile | undefined> {
  const source = storedFile(ctx.dataDir, row.filePath);
  if (!ctx.annotations || !source || !canBurnIn(row.fileType)) return undefined;
  const annotations = ctx.annotations.ofDocument(ref.databaseId, ref.docId);
  if (annotations.length === 0) return undefined;
  const bytes = await burnIn(source, row.fileType, annotations).catch((error: unknown) => {
    if (isMissing(error)) throw notFound(`The file of document ${ref.docId} was not found.`);
    throw failed(
      `The annotations of document ${ref.docId} could not be burned into its file: ${publicMessage(
        error,
        ctx.dataDir,
      )}`,
    );
  });
  if (!bytes) return undefined;
  const path = `${dest.databaseId}/${dest.id}/${row.id}-${randomBytes(6).toString('hex')}.pdf`;
  const file = storedFile(ctx.dataDir, path);
  if (!file) throw new Error(`bad burn-in path ${path}`);
  await mkdir(dirname(file), { recursive: true });
  await writeFile(file, bytes, { flag: 'wx' });
  return { path, size: bytes.length, from: row, annotations };
}

/** What a burned file shows of its annotations (their type is not drawn). */
const DRAWN = ['id', 'page', 'x', 'y', 'text', 'color'] as const;

/** Inside the transaction: 409 when the document's file or annotations changed while it was burned. */
export function requireUnchanged(
  ctx: DocumentOpsContext,
  ref: DocumentRef,
  current: StoredDoc,
  burned: BurnedFile,
): void {
  const now = ctx.annotations?.ofDocument(ref.databaseId, ref.docId) ?? [];
  if (current.filePath !== burned.from.filePath || !sameAnnotationRows(now, burned.annotations, DRAWN))
    throw conflict(`Document ${ref.docId} changed while its annotations were burned in.`);
}

/** The stored file a new or moved row gets: the burned PDF (page count kept) or the row's own. */
export const burnedFileInfo = (burned: BurnedFile, pages: number) => ({
  path: burned.path,
  type: '.pdf',
  size: burned.size,
  pages,
});

/** Run `commit`; when it fails, remove the file written for it (if any) and fail. */
export async function committedWith<T>(
  ctx: DocumentOpsContext,
  path: string | undefined,
  commit: () => T,
): Promise<T> {
  try {
    return commit();
  } catch (error) {
    const made = path ? storedFile(ctx.dataDir, path) : undefined;
    if (made) await removeLeftover(made, 'The burned-in copy');
    throw error;
  }
}

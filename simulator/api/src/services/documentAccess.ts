// The document a call names: its database and archive must be ones the caller can see (404), the
// document must be in that archive (404), and the call must carry the document's SecureId, in the
// query (`SecureId`, any casing) or a `SecureId` header: missing or wrong is a 403.
import { timingSafeEqual } from 'node:crypto';
import type { Request, Response } from 'express';
import { LicenseType, hasFlag } from '@gs/contract/flags';
import { accessOf, type RouteDeps } from '../deps';
import type { ArchiveRow } from '../db/archivesRepo';
import { secureId } from '../db/secureIds';
import { callerOf } from '../http/auth';
import { forbidden, notFound } from '../domain/errors';
import { intParam, query } from '../http/query';
import { messages } from './access';

export const documentMessages = {
  secureId: (doc: number) => `The SecureId is missing or does not match document ${doc}.`,
  permission: (archive: ArchiveRow, what: string) =>
    `You do not have permission to ${what} in archive '${archive.name}'.`,
  readOnly: 'A read-only license cannot modify documents.',
};

export interface DocumentRef {
  databaseId: number;
  archive: ArchiveRow;
  docId: number;
  /** the caller's ArchivePermission bits on the document's archive */
  permissions: number;
}

export const requestSecureId = (req: Request): string | undefined =>
  query(req, 'SecureId') ?? req.get('SecureId') ?? undefined;

const sameText = (a: string, b: string): boolean => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
};

/** The ids of a document route's `:db`, `:archive` and `:doc`. */
export const documentIds = (req: Request): { db: number; archive: number; doc: number } => ({
  db: intParam(req, 'db'),
  archive: intParam(req, 'archive'),
  doc: intParam(req, 'doc'),
});

/** Resolve and check the document of a call (after auth.requireAuth); by default the route's. */
export function documentOf(
  deps: RouteDeps,
  req: Request,
  res: Response,
  ids: { db: number; archive: number; doc: number } = documentIds(req),
): DocumentRef {
  const access = accessOf(deps, res);
  const databaseId = access.database(ids.db).Id;
  const archive = access.archive(databaseId, ids.archive);
  if (!deps.repos.documents.existsInArchive(databaseId, archive.id, ids.doc))
    throw notFound(messages.document(archive.id, ids.doc));
  const given = requestSecureId(req);
  if (!given || !sameText(given, secureId(deps.secret, 'doc', databaseId, ids.doc)))
    throw forbidden(documentMessages.secureId(ids.doc));
  return { databaseId, archive, docId: ids.doc, permissions: access.archivePermissions(archive) };
}

/** 403 unless the caller holds `bit` on the document's archive. */
export function requirePermission(ref: DocumentRef, bit: number, what: string): void {
  if (!hasFlag(ref.permissions, bit)) throw forbidden(documentMessages.permission(ref.archive, what));
}

/** 403 for a read-only licence (type 4): the licence used, or the user's type for Basic calls. */
export function requireEditingLicense(res: Response): void {
  const caller = callerOf(res);
  const type = caller.license?.type ?? caller.user.licenseType;
  if (type === LicenseType.ReadOnly) throw forbidden(documentMessages.readOnly);
}

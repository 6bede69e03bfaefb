// The document a call names: its database and archive must be ones the caller can see (404), the
// document must be in that archive (404), and the call must carry the document's SecureId, in the
// query (`SecureId`, any casing) or a `SecureId` header (read at the edge,
// http/query.ts `requestSecureId`; the route policy is documents/routes/documentRequest.ts):
// missing or wrong is a 403.
import { timingSafeEqual } from 'node:crypto';
import { hasFlag } from '@gs/contract/flags';
import type { RouteDeps } from '../../deps';
import type { ArchiveRow } from '../../catalog/repos/archivesRepo';
import { secureId } from '../../security/repos/secureIds';
import { isReadOnly, type Caller } from '../../domain/caller';
import { forbidden, notFound } from '../../domain/errors';
import { callerAccess, messages } from '../../security/services/access';

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

const sameText = (a: string, b: string): boolean => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
};

/** A document's `:db`, `:archive` and `:doc`. */
export interface DocumentIds {
  db: number;
  archive: number;
  doc: number;
}

/** Resolve and check the document a caller names with its SecureId (`given`, as the call carried it). */
export function resolveDocument(
  deps: RouteDeps,
  caller: Caller,
  ids: DocumentIds,
  given: string | undefined,
): DocumentRef {
  const access = callerAccess(deps.repos, caller);
  const databaseId = access.database(ids.db).Id;
  const archive = access.archive(databaseId, ids.archive);
  if (!deps.repos.documents.existsInArchive(databaseId, archive.id, ids.doc))
    throw notFound(messages.document(archive.id, ids.doc));
  if (!given || !sameText(given, secureId(deps.secret, 'doc', databaseId, ids.doc)))
    throw forbidden(documentMessages.secureId(ids.doc));
  return { databaseId, archive, docId: ids.doc, permissions: access.archivePermissions(archive) };
}

/** 403 unless the caller holds `bit` on the document's archive. */
export function requirePermission(ref: DocumentRef, bit: number, what: string): void {
  if (!hasFlag(ref.permissions, bit)) throw forbidden(documentMessages.permission(ref.archive, what));
}

/** 403 for a read-only licence (type 4): the licence used, or the user's type for Basic calls. */
export function requireEditingLicense(caller: Caller): void {
  if (isReadOnly(caller)) throw forbidden(documentMessages.readOnly);
}

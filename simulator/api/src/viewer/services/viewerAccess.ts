// The document a viewer call names, checked as documentAccess.ts checks every document route,
// but with the SecureId (Hash) taken from wherever the call carries it (a session's document, a
// Processing.ashx body): a database or archive the caller cannot view or a document not in that
// archive is a 404, a missing or wrong hash a 403.
import { timingSafeEqual } from 'node:crypto';
import type { Caller } from '../../domain/caller';
import type { RouteDeps } from '../../deps';
import { secureId } from '../../security/repos/secureIds';
import { forbidden, notFound } from '../../domain/errors';
import { callerAccess, messages } from '../../security/services/access';
import { documentMessages, type DocumentRef } from '../../documents/services/documentAccess';

const sameText = (a: string, b: string): boolean => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
};

export function viewerDocument(
  deps: RouteDeps,
  caller: Caller,
  ids: { db: number; archive: number; doc: number },
  hash: string | undefined,
): DocumentRef {
  const access = callerAccess(deps.repos, caller);
  const databaseId = access.database(ids.db).Id;
  const archive = access.archive(databaseId, ids.archive);
  if (!deps.repos.documents.existsInArchive(databaseId, archive.id, ids.doc))
    throw notFound(messages.document(archive.id, ids.doc));
  if (!hash || !sameText(hash, secureId(deps.secret, 'doc', databaseId, ids.doc)))
    throw forbidden(documentMessages.secureId(ids.doc));
  return { databaseId, archive, docId: ids.doc, permissions: access.archivePermissions(archive) };
}

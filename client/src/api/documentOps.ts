// Operations on checked documents (spec §7, wire §2.5): copy, move and delete one document as a
// member of a job group (`Job`, `Count`), merge and append (`POST dbs/{db}/merge`) and the archive's user
// actions.
import type { MergeRequest } from '@gs/contract/documents';
import { paths } from '@gs/contract/paths';
import { userActionPath, type UserActionDocuments, type UserActionQueue } from '@gs/contract/userActions';
import type { Http } from './http';

export interface OpDocument {
  db: number;
  archive: number;
  id: number;
  hash: string;
}

export interface JobTag {
  /** the group's id, the same for every member */
  job: string;
  /** how many members the group has */
  count: number;
}

export type TransferKind = 'copy' | 'move';

/**
 * Copy or move one document to archive `destination`; the (new) document id. An archive of another
 * database also sends `DestinationDatabase` (the wire names only `DestinationArchive`; archive ids
 * need not be unique across databases).
 */
export function transferDocument(
  http: Http,
  kind: TransferKind,
  doc: OpDocument,
  destination: number,
  tag: JobTag,
  destinationDb: number = doc.db,
): Promise<number> {
  const path = kind === 'copy' ? paths.documentCopy : paths.documentMove;
  const query = { SecureId: doc.hash, Job: tag.job, Count: tag.count, DestinationArchive: destination };
  return http.request<number>(path(doc.db, doc.archive, doc.id), {
    query: destinationDb === doc.db ? query : { ...query, DestinationDatabase: destinationDb },
  });
}

export function deleteDocument(http: Http, doc: OpDocument, tag: JobTag): Promise<boolean> {
  return http.request<boolean>(paths.documentDelete(doc.db, doc.archive, doc.id), {
    query: { SecureId: doc.hash, Job: tag.job, Count: tag.count },
  });
}

/** Merge or append; the id of the document that holds the result (0 for an inbox target). */
export function mergeDocuments(http: Http, db: number, body: MergeRequest): Promise<number> {
  return http.request<number>(paths.merge(db), { method: 'POST', body });
}

export function getUserActions(http: Http, db: number, archive: number): Promise<UserActionQueue> {
  return http.request<UserActionQueue>(userActionPath, { query: { Database: db, Archive: archive } });
}

/** Starts the action on the documents; how many were started. */
export function runUserAction(
  http: Http,
  db: number,
  archive: number,
  actionId: string,
  token: string,
  documents: UserActionDocuments,
): Promise<number> {
  return http.request<number>(userActionPath, {
    method: 'PUT',
    query: { Database: db, Archive: archive, ActionID: actionId, Token: token },
    body: documents,
  });
}

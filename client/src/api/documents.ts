// One document of an archive: the server-side check of index values (`POST indexes`), saving them
// (`PUT UpdateDocument/.../FieldData`), and the addresses of its thumbnail and file.
import type { FieldCheckResponse, FieldDataResponse } from '@gs/contract/fieldChecks';
import type { FieldValue } from '@gs/contract/fields';
import { paths } from '@gs/contract/paths';
import type { Http } from './http';

export interface DocumentRef {
  db: number;
  archive: number;
  id: number;
  /** the document's Hash (its SecureId) */
  hash: string;
}

export function checkFieldValues(
  http: Http,
  db: number,
  archive: number,
  values: FieldValue[],
): Promise<FieldCheckResponse> {
  return http.request<FieldCheckResponse>(paths.indexes(), {
    method: 'POST',
    query: { db, archive },
    body: values,
  });
}

export function saveFieldData(
  http: Http,
  doc: DocumentRef,
  values: FieldValue[],
): Promise<FieldDataResponse> {
  return http.request<FieldDataResponse>(paths.fieldData(doc.db, doc.archive, doc.id), {
    method: 'PUT',
    query: { secureId: doc.hash },
    headers: { SecureId: doc.hash },
    body: values,
  });
}

/** The 150x150 thumbnail (an img src, so the token travels in the query). */
export const thumbnailUrl = (http: Http, doc: DocumentRef, token: string): string =>
  http.url(`${paths.document(doc.db, doc.archive, doc.id)}/thumb`, { SecureId: doc.hash, token });

/** The document's file, for the preview pop-up. */
export const documentFileUrl = (http: Http, doc: DocumentRef, token: string): string =>
  http.url(`${paths.document(doc.db, doc.archive, doc.id)}/File`, { SecureId: doc.hash, token });

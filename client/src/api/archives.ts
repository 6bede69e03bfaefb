// Square9API `dbs/{db}/archives`: the archive tree (roots, children on demand), an archive's
// info, and the searches of an archive.
import type { Archive, ArchiveInfo, ArchivesResponse, ViewTabsResponse } from '@gs/contract/archives';
import type { FieldDefinition } from '@gs/contract/fields';
import { paths } from '@gs/contract/paths';
import type { Search } from '@gs/contract/searches';
import type { Http } from './http';

export async function getRootArchives(http: Http, db: number): Promise<Archive[]> {
  const response = await http.request<ArchivesResponse | null>(paths.archives(db));
  return response?.Archives ?? [];
}

/** Direct children of an archive (an empty list for a leaf). */
export async function getChildArchives(http: Http, db: number, archive: number): Promise<Archive[]> {
  const response = await http.request<ArchivesResponse | null>(paths.archive(db, archive));
  return response?.Archives ?? [];
}

export function getArchiveInfo(http: Http, db: number, archive: number): Promise<ArchiveInfo> {
  return http.request<ArchiveInfo>(paths.archive(db, archive), { query: { type: 'info' } });
}

/** Every search of an archive, as the server sends them (a bare array). */
export async function getArchiveSearches(http: Http, db: number, archive: number): Promise<Search[]> {
  const response = await http.request<Search[] | null>(paths.archiveSearches(db, archive));
  return Array.isArray(response) ? response : [];
}

/** The archive's view tabs (`?type=tabs`). */
export function getArchiveTabs(http: Http, db: number, archive: number): Promise<ViewTabsResponse> {
  return http.request<ViewTabsResponse>(paths.archive(db, archive), { query: { type: 'tabs' } });
}

/** The archive's field definitions (`?type=fields`, a bare array). */
export async function getArchiveFields(http: Http, db: number, archive: number): Promise<FieldDefinition[]> {
  const response = await http.request<FieldDefinition[] | null>(paths.archive(db, archive), {
    query: { type: 'fields' },
  });
  return Array.isArray(response) ? response : [];
}

/** A document's SecureId (`?DocumentID=`, wire §2.3: a bare string), for a link that names only its id. */
export async function getDocumentSecureId(
  http: Http,
  db: number,
  archive: number,
  doc: number,
): Promise<string> {
  const response = await http.request<unknown>(paths.archive(db, archive), { query: { DocumentID: doc } });
  return typeof response === 'string' ? response : '';
}

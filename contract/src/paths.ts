// Path builders relative to the Square9API base. Shared by the client, the helper and tests.
const q = (params: Record<string, string | number | boolean | undefined>): string => {
  const parts = Object.entries(params)
    .filter((entry): entry is [string, string | number | boolean] => entry[1] !== undefined)
    .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(String(v))}`);
  return parts.length ? `?${parts.join('&')}` : '';
};

export const API_ROOT = '/Square9API/api/';

export const paths = {
  query: q,
  licenses: () => 'licenses',
  license: (token: string) => `licenses/${encodeURIComponent(token)}`,
  licenseManager: () => 'LicenseManager',
  authorize: (token: string) => `authorize${q({ token })}`,
  admin: (params: Record<string, string | number | boolean | undefined>) => `admin${q(params)}`,
  dbs: () => 'dbs',
  db: (db: number) => `dbs/${db}`,
  archives: (db: number) => `dbs/${db}/archives`,
  archive: (db: number, archive: number) => `dbs/${db}/archives/${archive}`,
  archiveSearches: (db: number, archive: number) => `dbs/${db}/archives/${archive}/searches`,
  searches: (db: number) => `dbs/${db}/searches`,
  search: (db: number, search: number) => `dbs/${db}/searches/${search}`,
  searchDocuments: (db: number, search: number, archive: number) =>
    `dbs/${db}/searches/${search}/archive/${archive}/documents`,
  list: (db: number, list: number) => `dbs/${db}/lists/${list}`,
  document: (db: number, archive: number, doc: number) => `dbs/${db}/archives/${archive}/documents/${doc}`,
  inboxes: () => 'inboxes',
  inbox: (id: number) => `inboxes/${id}`,
  files: () => 'files',
  /** POST: check field values; GET with database, Field, Filter1, Filter2: a dynamic list's items */
  indexes: () => 'indexes',
  fieldData: (db: number, archive: number, doc: number) =>
    `UpdateDocument/databases/${db}/archive/${archive}/document/${doc}/FieldData`,
  documentSave: (db: number, archive: number, doc: number) =>
    `dbs/${db}/archives/${archive}/documents/${doc}/save`,
  documentAudit: (db: number, archive: number, doc: number) =>
    `dbs/${db}/archives/${archive}/documents/${doc}/audit`,
  archiveAudit: (db: number, archive: number) => `dbs/${db}/archives/${archive}/audit`,
  /** GET with SecureId (and token): the document's native file; honours one Range */
  documentFile: (db: number, archive: number, doc: number) =>
    `dbs/${db}/archives/${archive}/documents/${doc}/File`,
  /** GET with SecureId: the document's versions, Revision[] */
  documentRevisions: (db: number, archive: number, doc: number) =>
    `dbs/${db}/archives/${archive}/documents/${doc}/rev`,
  /** GET with SecureId, DestinationArchive, Job, Count: bare int, the new document id */
  documentCopy: (db: number, archive: number, doc: number) =>
    `dbs/${db}/archives/${archive}/documents/${doc}/Copy`,
  /** GET with SecureId, DestinationArchive, Job, Count: bare int, the document id (kept) */
  documentMove: (db: number, archive: number, doc: number) =>
    `dbs/${db}/archives/${archive}/documents/${doc}/Move`,
  /** POST a MergeRequest: bare int, the new document id */
  merge: (db: number) => `dbs/${db}/merge`,
  /** GET with SecureId, Job, Count: `true` */
  documentDelete: (db: number, archive: number, doc: number) =>
    `dbs/${db}/archives/${archive}/documents/${doc}/delete`,
};

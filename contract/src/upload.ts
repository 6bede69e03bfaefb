// Upload to the server cache and import into an archive: square9api-wire.md §2.6.

/** One uploaded file of `POST files` (lower-camel, as the server writes it). */
export interface UploadedFile {
  /** the server cache file name: pass it to the import or to `POST inboxes/{id}?FilePath=` */
  name: string;
  /** the client's file name (newer servers) */
  originalName: string;
  isEmail: boolean;
  oEmailData: null;
  test: null;
}

/**
 * `POST files` (also `files/` and the viewer's `upload/import`; multipart, any part name, one or several files) answers 200 with this JSON under
 * `Content-Type: text/plain` exactly, no charset, as TRACE shows (decision 056). Zero-byte files are dropped: they are not in
 * `files` and their names are listed in `skipped` (present only when something was dropped;
 * the client shows ZERO_BYTE_FILE_REMOVED_MSG for each). A file over the limit (200 MiB by
 * default, env SIM_UPLOAD_MAX_BYTES) is refused with 413 `{"Message"}`; a file name with `..`,
 * a separator, NUL or an absolute path with 400 `{"Message"}`; nothing is kept then.
 */
export interface UploadResponse {
  files: UploadedFile[];
  skipped?: string[];
}
export const UPLOAD_CONTENT_TYPE = 'text/plain';
export const UPLOAD_MAX_BYTES_DEFAULT = 200 * 1024 * 1024;

/**
 * `POST dbs/{db}/archives/{a}` import body (any key casing). Field `name` is the field ID.
 * Files are cache names; with `useViewerCache=true` they are file names (with extension) of the
 * inbox given by query `InboxId` (needs Delete or Move on the inbox), and the inbox file is
 * removed once the document exists. Values for system fields are ignored (the server fills Date
 * Entered, Indexed By, Last Modified By, Page Count, File Type); required fields left out count
 * as empty. Needs Add (2) on the archive (View is not needed) and a licence that is not read-only.
 */
export interface ImportBody {
  fields: { name: string; value: string }[];
  files: { name: string }[];
}
/** 200 answer: the new document ids (one per file, same values); header `Doc-Hashes: id,secureId[;id,secureId]`. */
export type ImportResponse = number[];
export const DOC_HASHES_HEADER = 'Doc-Hashes';

/**
 * Import refusals: `{"Message":"<code>: <detail>","Code":"<code>"}`; the client looks for the word
 * in the Message. RequiredField 400, DataTypeMismatch 400 (any other invalid value too),
 * Permissions 403 (no Add on the archive, read-only licence, no Add on the inbox),
 * LicenseExpired 401 (LICENSE_EXPIRED_BODY, from auth).
 */
export const ImportErrorCode = {
  RequiredField: 'RequiredField',
  Permissions: 'Permissions',
  DataTypeMismatch: 'DataTypeMismatch',
  LicenseExpired: 'LicenseExpired',
} as const;
export type ImportErrorCodeValue = (typeof ImportErrorCode)[keyof typeof ImportErrorCode];
export interface ImportErrorBody {
  Message: string;
  Code: ImportErrorCodeValue;
}

/**
 * Viewer actions on a cache file, `GET files?fileName=<cache name>&action=...` (with `InboxId=`
 * on a file of that inbox instead: View to look, Add to burst, also Modify pages (65536) for
 * deletePages; the burst file is written into the inbox):
 * - `pages` → `{"Pages": n}`
 * - `render&page=N` (1-based) → image/png of that page (TIFF: 8-bit grey; PDF: drawn at 150 dpi;
 *   other images as is; 400 for other files)
 * - `burst&RequestedPages=1&RequestedPages=3` (1-based, repeated or comma-separated) → a new
 *   cache file with only those pages, `{"name": "<new cache name>", "Pages": n}`; with
 *   `deletePages=true` the source file also loses them. 400 `{"Message"}` for a file that is
 *   not TIFF/PDF (ERROR_BURSTING_ON_EDOC), no pages, a page out of range, or deletePages with
 *   every page (ERROR_BURSTING_REMOVE_ALL_PAGES). Unknown cache file: 404.
 */
export type FilesAction = 'pages' | 'render' | 'burst';
export interface PagesResponse {
  Pages: number;
}
export interface BurstResponse {
  name: string;
  Pages: number;
}

const enc = encodeURIComponent;
/** Paths of this file's routes, relative to API_ROOT (see also paths.inbox for the inbox routes). */
export const uploadPaths = {
  upload: () => 'files',
  /** GET: the server downloads an http(s) address into the cache; answers the cache name as a JSON string (400 for file paths and other schemes) */
  uploadFromUrl: (url: string) => `upload?url=${enc(url)}`,
  importInto: (db: number, archive: number, inboxId?: number) =>
    `dbs/${db}/archives/${archive}${inboxId === undefined ? '' : `?useViewerCache=true&InboxId=${inboxId}`}`,
  pages: (fileName: string) => `files?fileName=${enc(fileName)}&action=pages`,
  render: (fileName: string, page: number) => `files?fileName=${enc(fileName)}&action=render&page=${page}`,
  burst: (fileName: string, pages: number[], deletePages = false) =>
    `files?fileName=${enc(fileName)}&action=burst${pages.map((p) => `&RequestedPages=${p}`).join('')}${deletePages ? '&deletePages=true' : ''}`,
  inboxFile: (inboxId: number, fileName: string) => `inboxes/${inboxId}?FileName=${enc(fileName)}`,
  inboxThumb: (inboxId: number, fileName: string) => `inboxes/${inboxId}/thumb?FileName=${enc(fileName)}`,
  inboxDetails: (inboxId: number, fileName: string) => `inboxes?FilePath=${enc(fileName)}&Id=${inboxId}`,
  inboxFromCache: (inboxId: number, cacheName: string, originalName: string) =>
    `inboxes/${inboxId}?FilePath=${enc(cacheName)}&newFileName=${enc(originalName)}`,
  inboxTransfer: (inboxId: number, fileName: string, targetInboxId: number, move: boolean) =>
    `inboxes/${inboxId}?FilePath=${enc(fileName)}&targetInboxId=${targetInboxId}&deleteOriginal=${move}`,
  inboxDelete: (inboxId: number, fileName: string) => `inboxes/${inboxId}?FilePath=${enc(fileName)}`,
};

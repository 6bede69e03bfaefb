// Inbox wire types: square9api-wire.md §2.7.
import type { FieldValue } from './fields';

export interface InboxFile {
  /** without extension */
  FileName: string;
  /** extension with its dot */
  FileType: string;
  DateCreated: string;
  DateModified: string;
  Fields: FieldValue[];
  NewName: boolean;
  Permissions: number;
}

export interface Inbox {
  Id: number;
  Name: string;
  Path: string;
  Count: number;
  Permissions: number;
  Files: InboxFile[];
}

export interface InboxesResponse {
  InboxOptions: number;
  Inboxes: Inbox[];
}

/** `GET inboxes?FilePath=<name+ext>&Id={inboxId}`: FileName is the name with its extension (the import's `files[].name` with useViewerCache=true). */
export interface DocDetails {
  Extension: string;
  FileName: string;
  /** the simulator answers `<inbox Path>\<FileName>`, never its own data folder's absolute path */
  FullPath: string;
  /** the inbox id, as a string */
  Id: string;
  /** false for PDF, TIFF and images, true for other (native) files */
  IsNative: boolean;
}

/**
 * Inbox routes beyond the list (all answer 404 `{"Message"}` for an inbox the user may not view,
 * 403 without the bit or with a read-only licence, 400 for a file name that is not a plain name):
 * - `GET inboxes/{id}` (or `GET inboxes?Id=`) with optional `pageNumber` (1-based),
 *   `numberOfDocuments` (page size; all when absent) and `sort` (`name` default, `type`, `date`
 *   = modified, `created`, `size`; `-` prefix descending). `Count` is the total number of files.
 * - `GET inboxes/{id}?FileName=` the bytes; `GET inboxes/{id}/thumb?FileName=` 150x150 JPEG.
 * - `POST inboxes/{id}?FilePath=<cache name>&newFileName=<original>` (Add 2): moves the cache file
 *   in; a name clash gets ` (1)`, ` (2)`...; answers the JSON string of the name it got.
 * - `PUT inboxes/{id}` body `{FileName, FileType?, NewName}` (Modify 4): rename; NewName without
 *   an extension keeps the file's; 409 when taken; answers the new name.
 * - `GET inboxes/{id}?FilePath=&targetInboxId=&deleteOriginal=` copy (Add on the target) or move
 *   (also Move 131072 on the source); answers the name in the target.
 * - `DELETE inboxes/{id}?FilePath=` (Delete 8): answers `true`.
 */
export const INBOX_THUMB_SIZE = 150;

// The document viewer's wire: viewer sessions (spec §3 "Viewer session request", §7), page
// rotation through `Processing.ashx`, the page render of an archive document and the stamps list.
// The session shapes follow the Session/SessionDoc DTOs of the public helper library (wire §6);
// the server's route for them is not public, so `session` and `session/{id}` are the simulator's.

/** One document of a viewer session: an archive document (Archive, Id, Hash) or an inbox file. */
export interface ViewerSessionDocRequest {
  Archive?: number;
  Id?: number;
  Hash?: string;
  /** the content-search terms to highlight, as the search ran them */
  ContentSearchTerms?: string;
  InboxId?: number;
  InboxFileName?: string;
}

/**
 * `POST session` (any key casing): answers the new session's id as a bare JSON string. Every
 * document must be one the caller may view (404) with its own Hash (403); none is a 400.
 */
export interface ViewerSessionRequest {
  Documents: ViewerSessionDocRequest[];
  Database?: number;
  Archive?: number;
  InboxId?: number;
  SearchId?: number;
  /** the search's criteria as the results address carries them (JSON text) */
  SearchCriteria?: string;
}

/** A document of `GET session/{id}`: the DTO's keys plus what the viewer draws from. */
export interface ViewerSessionDoc {
  Archive: number;
  ArchiveName: string;
  Id: number;
  Hash: string;
  InboxId: number;
  InboxFileName: string;
  OriginalFileName: string;
  ContentSearch: string;
  FieldData: string;
  Fields: string;
  /** extension with its dot, lower case (".pdf", ".tif") */
  FileType: string;
  PageCount: number;
  /** the caller's ArchivePermission bits on the document's archive (now, not at creation); for an
   * inbox file the inbox's bits (same positions) */
  Permissions: number;
}

/** `GET session/{id}`: the session of the caller (another user's is a 404). */
export interface ViewerSession {
  _Id: string;
  Archive: number;
  Database: number;
  Documents: ViewerSessionDoc[];
  InboxId: number;
  SearchCriteria: string;
  SearchId: number;
  /** .NET date */
  Created: string;
  Creator: string;
  Uploaded: boolean;
}

/**
 * `POST Processing.ashx` (query or JSON body, any casing): rotates one page of an archive
 * document by Degrees (a multiple of 90, negative turns left) and saves it into the file: a PDF
 * page's /Rotate, a TIFF page re-encoded turned. Needs Modify Pages (65536) and a licence that may
 * edit. Answers the page's rotation after the call (PDF: its /Rotate; TIFF: the turn applied).
 */
export interface RotatePageRequest {
  Database: number;
  Archive: number;
  Document: number;
  SecureId: string;
  /** 1-based */
  Page: number;
  Degrees: number;
}
/**
 * `POST Processing.ashx` on an inbox file: InboxId and InboxFileName instead of the archive
 * document; turns the page in the file itself. Needs Modify Pages (65536) on the inbox.
 */
export interface RotateInboxPageRequest {
  InboxId: number;
  InboxFileName: string;
  Page: number;
  Degrees: number;
}
export interface RotatePageResponse {
  Page: number;
  Rotation: number;
  PageCount: number;
}

/** `GET admin/stamps`: every stamp, sorted by text; any signed-in user may read them. */
export interface Stamp {
  Id: number;
  Text: string;
}

export const viewerPaths = {
  sessions: () => 'session',
  session: (id: string) => `session/${encodeURIComponent(id)}`,
  processing: () => 'Processing.ashx',
  stamps: () => 'admin/stamps',
  /** GET with SecureId, page (1-based) and optional width: one page of the document as PNG */
  documentPage: (db: number, archive: number, doc: number) =>
    `dbs/${db}/archives/${archive}/documents/${doc}/page`,
  /** GET with FileName, page (1-based) and optional width: one page of an inbox file as PNG */
  inboxPage: (inboxId: number) => `inboxes/${inboxId}/page`,
};

/** Stamp placeholders filled in when a stamp is placed (spec §3 "Stamp"). */
export const STAMP_TODAY = '@Today';
export const STAMP_USER = '@User';

// Document wire types: square9api-wire.md §2.5 and §2.6.
export interface LogEntry {
  DatabaseID: number;
  DocumentID: number;
  ArchiveID: number;
  OldArchiveID: number;
  OldDocID: number;
  Message: string;
  UserName: string;
  ConnectionsString: string;
  Time: string;
}

export interface Revision {
  DocId: number;
  SecureId: string;
  Version: number;
}

export interface UploadedFile {
  name: string;
  originalName?: string;
  isEmail: boolean;
  oEmailData: null;
  test: null;
}
export interface UploadResponse {
  files: UploadedFile[];
}

export interface ImportRequest {
  fields: { name: string; value: string }[];
  files: { name: string }[];
}

/** A document named by a merge: an archive document (ArchiveID + DocID; any key casing). */
export interface MergeDocument {
  ArchiveID: number;
  DocID: number;
}

/**
 * POST `dbs/{db}/merge` (spec §4): Documents in page order, BaseDocument whose index data the new
 * document takes (default: the first), Target the archive that receives it (default: the base
 * document's). Answers the new document id (a bare int).
 */
export interface MergeRequest {
  Type?: number;
  Documents: MergeDocument[];
  BaseDocument?: MergeDocument;
  Target?: { Type?: string | number; AppendType?: number; Id: number };
}

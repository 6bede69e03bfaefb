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

/** A file of an inbox named by a merge or append: InboxId (or InboxID) and Path, its file name with extension. */
export interface MergeInboxItem {
  InboxId: number;
  Path: string;
}

/** `Type` of a MergeRequest: a new document of the pages, or the pages added to the base document. */
export const MergeType = { Merge: 0, Append: 1 } as const;
/** `Target.Type`: an archive (Id = archive id) or an inbox (Id = inbox id); names or 0 / 1. */
export const MergeTargetType = { Archive: 'Archive', Inbox: 'Inbox' } as const;
/** `Target.AppendType` of an append: the other pages go after (0) or before (1) the base document's. */
export const AppendType = { After: 0, Before: 1 } as const;

/**
 * POST `dbs/{db}/merge` (spec §4): Documents in page order, BaseDocument whose index data the new
 * document takes (default: the first), Target the archive or inbox that receives it (default: the
 * base document's archive). Merge answers the new document id (a bare int; 0 for an inbox target,
 * whose file name is in the `Merge-File` header). Append (Type 1, two items) adds the pages of the
 * other item to the BaseDocument (an archive document or an inbox file, the Target's type) and
 * answers its id (0 for an inbox file). The result is TIFF when the base is TIFF, else PDF.
 */
export interface MergeRequest {
  Type?: number;
  Documents: (MergeDocument | MergeInboxItem)[];
  BaseDocument?: MergeDocument | MergeInboxItem;
  Target?: { Type?: string | number; AppendType?: number; Id: number };
}

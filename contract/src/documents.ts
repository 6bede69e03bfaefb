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

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

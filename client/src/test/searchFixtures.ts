// Wire-shaped search results for the client tests: field definitions, documents and pages.
import type { FieldDefinition, FieldValue } from '@gs/contract/fields';
import { ALL_ARCHIVE_PERMISSIONS, FieldType, type FieldTypeCode } from '@gs/contract/flags';
import type { HistoryEntry } from '@gs/contract/history';
import type { ResultDoc, SearchPageResult } from '@gs/contract/searches';

export const fieldDef = (
  ID: number,
  Name: string,
  Type: FieldTypeCode = FieldType.Character,
  extra: Partial<FieldDefinition> = {},
): FieldDefinition => ({
  ID,
  Name,
  List: 0,
  Type,
  Mask: '',
  Size: 50,
  RegEx: '',
  Prop: 0,
  Parent: 0,
  ListF1: 0,
  ListF2: 0,
  ...extra,
});

export const resultDoc = (
  Id: number,
  values: Record<number, string>,
  Permissions = ALL_ARCHIVE_PERMISSIONS,
): ResultDoc => ({
  Id,
  Hash: `doc-hash-${Id}`,
  Tid: 0,
  Fields: Object.entries(values).map(([id, VAL]): FieldValue => ({ ID: Number(id), VAL, MVAL: [] })),
  Version: 0,
  RootVersionId: 0,
  User_Name: '',
  Hits: 0,
  Permissions,
  RevisionOptions: 0,
  Revisions: false,
  VersionArchive: 0,
  FileType: '.pdf',
});

export const searchPage = (
  Fields: FieldDefinition[],
  Docs: ResultDoc[],
  Count = Docs.length,
  Permissions = ALL_ARCHIVE_PERMISSIONS,
): SearchPageResult => ({
  Count,
  Docs,
  Fields,
  FolderOptions: '',
  PdfConvertStatus: false,
  Terms: false,
  WorkflowStatus: 0,
  Permissions,
});

export const historyEntry = (
  DocumentID: number,
  Message: string,
  Category: HistoryEntry['Category'],
  Time: string,
): HistoryEntry => ({
  DatabaseID: 1,
  DocumentID,
  ArchiveID: 2,
  OldArchiveID: 0,
  OldDocID: 0,
  Message,
  UserName: 'full.user',
  ConnectionsString: '',
  Time,
  Category,
});

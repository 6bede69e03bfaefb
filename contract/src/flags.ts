// Bit flags and codes of the GlobalSearch wire format (square9api-wire.md §4, spec §3 and §6).

/** Archive and document permission bits. */
export const ArchivePermission = {
  View: 1,
  Add: 2,
  ModifyDocument: 4,
  Delete: 8,
  Print: 16,
  Email: 32,
  ExportData: 64,
  ExportDocuments: 128,
  ViewInAcrobat: 256,
  ViewHistory: 512,
  ModifyData: 1024,
  ModifyAnnotations: 2048,
  Launch: 4096,
  LaunchNewVersion: 8192,
  ViewRevisions: 16384,
  PublishRevisions: 32768,
  ModifyPages: 65536,
  Move: 131072,
  DeleteBatches: 262144,
  ApiFullAccess: 524288,
} as const;
/** Every archive permission bit: what an administrator holds. */
export const ALL_ARCHIVE_PERMISSIONS = 1048575;

/** Inbox permission bits reuse the archive bit positions. */
export const InboxPermission = {
  View: 1,
  Add: 2,
  ModifyDocument: 4,
  Delete: 8,
  Print: 16,
  Email: 32,
  ModifyAnnotations: 2048,
  ModifyPages: 65536,
  Move: 131072,
} as const;
export const ALL_INBOX_PERMISSIONS = 1 | 2 | 4 | 8 | 16 | 32 | 2048 | 65536 | 131072;

/** Field `Prop` bits. */
export const FieldProp = {
  Required: 2,
  DateEntered: 4,
  IndexedBy: 8,
  PageCount: 16,
  MultiValue: 32,
  DropdownList: 64,
  DynamicList: 128,
  LastModifiedBy: 256,
  TableField: 512,
  FileType: 1024,
  ReadOnly: 2048,
  SystemReserved4096: 4096,
  SystemReserved8192: 8192,
} as const;
/** Prop bits that make a field system-maintained (never edited by a person). */
export const SYSTEM_FIELD_PROPS =
  FieldProp.DateEntered |
  FieldProp.IndexedBy |
  FieldProp.PageCount |
  FieldProp.LastModifiedBy |
  FieldProp.FileType |
  FieldProp.ReadOnly |
  FieldProp.SystemReserved4096 |
  FieldProp.SystemReserved8192;

/** Field `Type` codes. */
export const FieldType = { Character: 1, Integer: 2, Date: 3, Decimal: 4 } as const;
export type FieldTypeCode = (typeof FieldType)[keyof typeof FieldType];

/** Pseudo-field ids used in search results and CSV mappings. */
export const PseudoField = { DocumentId: -1, ArchiveId: 0 } as const;

/** Prompt `Operator` codes. */
export const Operator = {
  Equals: 1,
  Contains: 2,
  GreaterOrEqual: 3,
  LessOrEqual: 4,
  NotEqual: 5,
  IsEmpty: 6,
  IsNotEmpty: 7,
} as const;
export type OperatorCode = (typeof Operator)[keyof typeof Operator];

/**
 * Search `Settings` bits as the web client reads them (spec §3): content search 1,
 * shown in the archive's search list 4, the archive's default search 8, view tabs 32.
 */
export const SearchSettings = {
  ContentSearch: 1,
  ShowInList: 4,
  DefaultSearch: 8,
  ViewTabs: 32,
} as const;

/** Search `Props` bits (wire §2.4): 1 user, 2 search, 4 queue, 8 default, 16 direct. */
export const SearchProps = { User: 1, Search: 2, Queue: 4, Default: 8, Direct: 16 } as const;

/** Archive database properties (spec §3 archive flags). */
export const ArchiveFlags = {
  RevisionControl: 1,
  PdfConvert: 2,
  WebRevision: 4,
  ReadOnly: 8,
  VersionsArchive: 16,
} as const;

/** Archive `Properties` on the wire: bit 2 means the archive has sub-archives. */
export const ArchiveProperties = { HasChildren: 2 } as const;

/** Folder options bits. */
export const FolderOptions = { DisableDeleteBurstPages: 1 } as const;

/** Licence types (Type on the License object). */
export const LicenseType = { Full: 1, WebEdit: 2, ReadOnly: 4 } as const;
export type LicenseTypeCode = (typeof LicenseType)[keyof typeof LicenseType];

/** Database security level bits. */
export const DatabaseSecurity = { Admin: 1, DeleteBatches: 2 } as const;

/** Job note types (spec §4). */
export const NoteType = {
  Error: 0,
  ExportLink: 1,
  Success: 2,
  Information: 3,
  OpenLink: 4,
  Job: 5,
  Error6: 6,
  Error7: 7,
  Error8: 8,
  Other: 9,
} as const;

export const hasFlag = (value: number, flag: number): boolean => (value & flag) === flag;

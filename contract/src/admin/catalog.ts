// The administration API's catalogue objects (square9api-wire.md §2.8, from the HL DataTypes):
// databases, archives, fields, table fields, lists and searches under `admin/databases/...`.
// Emitted in exactly this PascalCase; the simulator accepts any casing on input. Where the
// reference shows no body (errors, Drop semantics) the shapes are our design, noted on each.

/** `GET admin/databases[/{id}]` → array. `Auth.Pass` is never sent back (our design: ''). */
export interface AdminDatabase {
  Id: number;
  Name: string;
  Server: string;
  Auth: { Type: 'windows' | 'sql'; User: string; Pass: string };
}

export interface AdminArchiveView {
  Enabled: boolean;
  /** the field whose value picks the tab; 0 none */
  StatusField: number;
  Values: { Label: string; Value: string; Color: string }[];
}

export interface AdminNotifications {
  To: string;
  From: string;
  Subject: string;
  Message: string;
}

/** `GET admin/databases/{db}/archives[/{id}]` → array. */
export interface AdminArchive {
  Id: number;
  Name: string;
  /** parent archive id; 0 at the root */
  Parent: number;
  Permissions: number;
  /** archive property bits (contract/flags.ts ArchiveFlags) */
  Properties: number;
  BasePath: { Default: boolean; Path: string; UniqueName: string };
  CreateBrowse: boolean;
  /** field ids, in order */
  Fields: number[];
  View: AdminArchiveView;
  ContentSearch: boolean;
  /** 0 off, 1 on */
  RevisionControl: number;
  ConvertPdf: boolean;
  Notifications: AdminNotifications;
}

/** `{ShowAll}` of `admin/databases/{db}/options/archives` and `admin/options/inboxes`. */
export interface AdminShowAllOptions {
  ShowAll: boolean;
}

/** Field types as the admin API spells them (the end-user API uses the codes of flags.ts). */
export const ADMIN_FIELD_TYPES = ['character', 'numeric', 'date', 'decimal'] as const;
export type AdminFieldType = (typeof ADMIN_FIELD_TYPES)[number];

/** System fields as the admin API spells them; '' is an ordinary field. */
export const ADMIN_SYSTEM_FIELDS = [
  '',
  'readOnly',
  'indexedBy',
  'dateEntered',
  'lastModified',
  'pageCount',
  'fileType',
] as const;
export type AdminSystemField = (typeof ADMIN_SYSTEM_FIELDS)[number];

/** List types of a field: none, drop-down, dynamic (mapped by a primary and a secondary field). */
export const ADMIN_LIST_TYPES = ['', 'dropdown', 'dynamic'] as const;
export type AdminListType = (typeof ADMIN_LIST_TYPES)[number];

export interface AdminListMappingEntry {
  ListId: number;
  PrimaryValue: string;
  SecondaryValue: string;
}

/** `GET admin/databases/{db}/fields[/{id}]` → array. New field defaults: character, length 50. */
export interface AdminField {
  Id: number;
  Name: string;
  Type: AdminFieldType;
  Format: string;
  Regex: string;
  RegexMessage: string;
  RegSample: { Name: string; Value: string };
  Length: number;
  Required: boolean;
  MultiValue: boolean;
  SystemField: AdminSystemField;
  List: {
    Type: AdminListType;
    ListId: number;
    /** dynamic lists: the field ids whose values pick the items */
    Primary: number;
    Secondary: number;
    Mapping: AdminListMappingEntry[];
  };
  ExtendedConfig: string;
}

/** `GET admin/databases/{db}/tablefields[/{id}]` (a single object for `/{id}`). */
export interface AdminTableField {
  Id: number;
  Name: string;
  Fields: number[];
}

/** `GET admin/databases/{db}/lists[/{id}]`. `AssemblyPath` prefixed `[SQL]` or `[MONGODB]` binds the list to a query. */
export interface AdminList {
  Id: number;
  Name: string;
  AssemblyPath: string;
  AssemblyParameters: string;
  Values: string[];
}

export const LIST_BINDING_PREFIX = { Sql: '[SQL]', MongoDb: '[MONGODB]' } as const;

/** Search prompt conditions as the admin API spells them (contract/flags.ts Operator codes). */
export const ADMIN_CONDITIONS = [
  'equals',
  'contains',
  'greaterthanorequal',
  'lessthanorequal',
  'notequal',
  'isempty',
  'isnotempty',
] as const;
export type AdminCondition = (typeof ADMIN_CONDITIONS)[number];

export interface AdminSearchParameter {
  Id: number;
  /** field id */
  Field: number;
  Condition: AdminCondition;
  Prompt: string;
}

/** `GET admin/databases/{db}/searches[/{id}]` → array. */
export interface AdminSearch {
  Id: number;
  Name: string;
  /** the archive it is filed under; 0 at the database level */
  Parent: number;
  Archives: number[];
  Parameters: AdminSearchParameter[];
  AdvancedGrouping: string;
  GrantAll: boolean;
  ImageXChange: boolean;
  MultiValue: boolean;
  DisplayViewTabs: boolean;
  UseTime: boolean;
  ContentSearch: {
    Enabled: boolean;
    Phonics: boolean;
    Stemming: boolean;
    Fuzziness: boolean;
    FuzzinessValue: number;
  };
}

/** `GET|PUT admin/databases/{db}/notifications` and `GET admin/notifications`: the mail server. */
export interface AdminMailServer {
  Server: string;
  Port: number;
  Auth: { User: string; Password: string };
}

/**
 * Deleting a database or an archive (our design, decision 017): `DELETE ...?Drop=true` removes it
 * with its documents; without Drop one that holds documents is refused with 409 and this
 * Message, and nothing is lost. A sub-archive must be deleted before its parent. A delete answers
 * 204. Writes answer the saved object (POST 200; a list GET is an array, `/{id}` too).
 */
export const holdsDocumentsMessage = (what: string, count: number): string =>
  `${what} holds ${count} document${count === 1 ? '' : 's'}; delete it with Drop=true to remove them too.`;

/** The archive of old revisions a revision-controlled archive gets; searches leave it out (admin-spec §5). */
export const VERSIONS_ARCHIVE_NAME = 'Versions';
/** MessageDetail of a table field saved without a field (admin-spec §5). */
export const TABLE_FIELD_MIN_ROWS = 'Can not have less than 1 Row.';

/**
 * Our design (no public source shows it): list bindings.
 * - `[SQL]<query>`: a read-only SELECT over the list's own database, run each time the list is
 *   read, for at most 2 s (decision 044): it may name that database's `archives`, `fields`,
 *   `lists`, `list_items`, `field_list_mappings` and documents (`doc_{id}`, `doc_mv_{id}`, or
 *   `documents`, `document_values`), nothing else; `AssemblyParameters` is empty or a JSON object
 *   of named parameters (`:name`, `@name`, `$name` in the query), bound, never pasted in. The
 *   first column of each row is an item.
 * - `[MONGODB]<query>`: stored; reading the list is refused (no document database is shipped).
 * - any other path: an assembly (e.g. `Lists.dll`), which needs `AssemblyParameters`; the items
 *   are the stored `Values` (no assembly runs in the simulator).
 * `PUT admin/databases/{db}/lists` with a list body answers that list with `Values` loaded from its
 * binding, saving nothing. `DELETE …/fields/{id}` of a field holding values answers 409 unless
 * `?Drop=true`; a list still used by a field answers 409.
 */
export const LIST_SQL_MAX_ITEMS = 10_000;

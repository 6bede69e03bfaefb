// What the seed reads from a server, by the source's ids: the snapshot the template is written
// from. Holds no password, token, connection string or mail server credential (none is read).
import type { FieldTypeCode, OperatorCode } from '@gs/contract/flags';

export interface SnapField {
  id: number;
  name: string;
  type: FieldTypeCode;
  size: number;
  mask: string;
  regex: string;
  regexMessage: string;
  /** FieldProp bits: required 2, multi-value 32, drop-down 64, dynamic 128, table 512, system… */
  prop: number;
  listId: number;
  parentId: number;
  listF1: number;
  listF2: number;
}

export interface SnapList {
  id: number;
  name: string;
  items: string[];
}

/** A dynamic list's entry: for these parent values the field offers the items of listId. */
export interface SnapMapping {
  fieldId: number;
  primary: string;
  secondary: string;
  listId: number;
}

export interface SnapViewTab {
  label: string;
  value: string;
  color: string;
}

export interface SnapArchive {
  id: number;
  name: string;
  parent: number;
  /** ArchiveFlags (revision control 1, pdf convert 2, …) */
  flags: number;
  contentSearch: boolean;
  fieldIds: number[];
  view?: { statusField: number; tabs: SnapViewTab[] };
  /** the seeding account's permissions on it */
  permissions: number;
}

export interface SnapPrompt {
  fieldId: number;
  operator: OperatorCode;
  prompt: string;
  value: string;
}

export interface SnapSearch {
  id: number;
  name: string;
  /** the archive it is filed under (Parent) */
  archiveId: number;
  archiveIds: number[];
  settings: number;
  fuzzy: number;
  grouping: string;
  /** the seeding account's SearchProps on it */
  props: number;
  prompts: SnapPrompt[];
  grantAll: boolean;
}

export interface SnapTableField {
  name: string;
  fieldIds: number[];
}

export interface SnapDatabase {
  id: number;
  name: string;
  fields: SnapField[];
  lists: SnapList[];
  mappings: SnapMapping[];
  tableFields: SnapTableField[];
  archives: SnapArchive[];
  searches: SnapSearch[];
}

export interface SnapInbox {
  id: number;
  name: string;
  /** the seeding account's permissions */
  permissions: number;
}

export type PrincipalKind = 'user' | 'group';

export interface SnapPrincipal {
  kind: PrincipalKind;
  name: string;
  email: string;
  /** LicenseType of a user (1 full, 2 web edit, 4 read only) */
  license: number;
  /** a group's members */
  members: string[];
  /** administrator of the whole server (the admin API answered this account) */
  adminAll: boolean;
  userAdmin: boolean;
}

/** One principal's rights, by the source's ids. */
export interface SnapGrants {
  kind: PrincipalKind;
  name: string;
  databases: { dbId: number; level: number }[];
  archives: { dbId: number; archiveId: number; mask: number }[];
  searches: { dbId: number; searchId: number; props: number }[];
  inboxes: { inboxId: number; mask: number }[];
}

export interface SnapHistory {
  userName: string;
  category: string;
  message: string;
  /** epoch ms */
  time: number;
}

/** A document's file as spooled to disk (spool.ts). */
export interface SpooledFile {
  path: string;
  size: number;
  pages: number;
}

export interface SnapDocument {
  dbId: number;
  archiveId: number;
  /** field id → wire text (VAL) and multi-values (MVAL) */
  values: { id: number; val: string; mval: string[] }[];
  fileType: string;
  file: SpooledFile;
  history: SnapHistory[];
}

/** A part the seed could not read or chose not to copy, and why. */
export interface LeftOut {
  part: string;
  reason: string;
}

export interface Snapshot {
  source: { url: string; user: string; readAt: string };
  databases: SnapDatabase[];
  inboxes: SnapInbox[];
  stamps: string[];
  principals: SnapPrincipal[];
  grants: SnapGrants[];
  /** licensed feature counts (admin/registration?features=true) */
  features: Record<string, string>;
  documents: SnapDocument[];
  leftOut: LeftOut[];
}

// User security administration, `…/Square9API/api/userAdmin/…` (square9api-wire.md §2.8,
// admin-spec §3, §5, §6): users and groups, and their rights on databases, archives, inboxes and
// searches. Where the wire reference shows no body (Permissions, user and group bodies, the CSV
// import) the shapes here are our design (decision 020).
import { ArchivePermission as P, ALL_ARCHIVE_PERMISSIONS } from '../flags';

/** Account types of the user administration (admin-spec §9). */
export const AccountType = { Alt: 0, User: 2, Group: 4 } as const;
export type AccountTypeCode = (typeof AccountType)[keyof typeof AccountType];

/** The licence a new user gets when none is given (admin-spec §9). */
export const DEFAULT_LICENSE = 2;

/** A database a user or group is secured on; SecurityLevel is DatabaseSecurity's bits (1 admin). */
export interface SecuredDb {
  Id: number;
  Name: string;
  SecurityLevel: number;
  /** the deprecated "Allow Delegation/Manager": the user may delegate */
  Manager: boolean;
}

/** One entry of `GET userAdmin/secured` and `GET userAdmin/unsecured`: a user or a group. */
export interface SecurityPrincipal {
  Name: string;
  Email: string;
  /** LicenseType of a user; 0 for a group */
  License: number;
  Type: AccountTypeCode;
  SecuredDBs: SecuredDb[];
}

/** `GET userAdmin/s9groups` */
export interface S9Group {
  Name: string;
  Users: string[];
}

export type SecurityNodeType = 'database' | 'archive' | 'search';

/** `GET userAdmin/tree[?username=&type=]`: databases, their archives and searches. */
export interface SecurityTreeNode {
  Id: number;
  Dbid: number;
  Label: string;
  Type: SecurityNodeType;
  /** search nodes: the search's type for the principal of `username` (false without one) */
  DefaultSearch: boolean;
  QueueSearch: boolean;
  DirectSearch: boolean;
  Children: SecurityTreeNode[];
}

/** `GET userAdmin/searches?db=&username=`: the searches granted to that user or group. */
export interface SearchSecurity {
  Id: number;
  /** SearchProps bits: 2 search, 4 queue, 8 default, 16 direct */
  Properties: number;
  IsDefault: boolean;
  IsQueue: boolean;
  IsDirect: boolean;
}

/** Who a POST of rights applies to. Password is ignored by rights routes (kept for the wire shape). */
export interface SecurityUserRef {
  Name: string;
  /** AccountType: 2 (or 0) a user, 4 a group */
  Type: number;
  Secured?: boolean;
  Password?: string;
}

/** What a POST of rights applies to: an archive, inbox, database or search id (Database: its db). */
export interface SecurityTarget {
  Id: number;
  Database: number;
}

/** Our design: archives and inboxes take a mask (0 removes the grant). */
export interface MaskPermissions {
  Mask: number;
}
/** Our design: Access false removes the principal from the database; Level is DatabaseSecurity's bits. */
export interface DatabasePermissions {
  Access: boolean;
  Level: number;
}
/** Our design: whether the principal may run the search. */
export interface SearchPermissions {
  Granted: boolean;
}
export type SearchTypeName = 'default' | 'queue' | 'direct';
/** Our design: set or clear one search type; only one default search per archive per principal. */
export interface SearchTypePermissions {
  Type: SearchTypeName;
  Value: boolean;
}

export interface SecurityRequest<T> {
  Users: SecurityUserRef[];
  Targets: SecurityTarget[];
  Permissions: T;
}

/** `POST userAdmin/archives` and `userAdmin/inboxes` answer this (HL checks `"Saved":1`). */
export interface SavedReply {
  Saved: number;
}
/** `POST userAdmin/databases`, `searches` and `searchType` answer this (HL checks `"Success"`). */
export interface SuccessReply {
  Success: boolean;
}

/** `POST userAdmin/user?create=true` (Type 4 makes a group) and `PUT userAdmin/user?name=`. */
export interface UserBody {
  Name: string;
  Password?: string;
  Email?: string;
  License?: number;
  Type?: number;
}
/** `PUT userAdmin/user?name=`: what changes; absent keys keep their value. */
export interface UserUpdate {
  Password?: string;
  Email?: string;
  License?: number;
}
/** `POST userAdmin/group?createGroup=true` and `PUT userAdmin/group?groupName=` (members replaced). */
export interface GroupBody {
  Name?: string;
  Users: string[];
}

/** Our design: `POST userAdmin/users/import` with `{Csv}`: a header row Name,Password,Email,License. */
export interface UserImportBody {
  Csv: string;
}
export interface UserNotAdded {
  Name: string;
  Message: string;
}
export interface UserImportReply {
  Added: string[];
  NotAdded: UserNotAdded[];
}

export const USER_ADMIN_DENIED = 'Account Not Authorized For User Management';
export const userExists = (name: string): string => `The user ${name} already exists.`;
export const groupExists = (name: string): string => `The group ${name} already exists.`;
export const MAX_PRINCIPAL_NAME = 50;

export type QuickPermission = 'FULL' | 'EDIT' | 'READ' | 'NONE';

/**
 * The quick permissions' archive masks (our choice, decision 020). EDIT is everything a person who
 * works the documents needs (adding, changing data, pages and annotations, printing, e-mailing,
 * exporting) but not deleting, moving, publishing revisions, deleting batches or full API access.
 */
export const QUICK_PERMISSIONS: Record<QuickPermission, number> = {
  FULL: ALL_ARCHIVE_PERMISSIONS,
  EDIT:
    P.View |
    P.Add |
    P.ModifyDocument |
    P.Print |
    P.Email |
    P.ExportData |
    P.ExportDocuments |
    P.ViewInAcrobat |
    P.ViewHistory |
    P.ModifyData |
    P.ModifyAnnotations |
    P.Launch |
    P.LaunchNewVersion |
    P.ViewRevisions |
    P.ModifyPages,
  READ: P.View | P.Print | P.ViewHistory,
  NONE: 0,
};

/** The quick permission a mask equals, if any. */
export const quickPermissionOf = (mask: number): QuickPermission | undefined =>
  (Object.keys(QUICK_PERMISSIONS) as QuickPermission[]).find((k) => QUICK_PERMISSIONS[k] === mask);

const q = (params: Record<string, string | number>) =>
  Object.entries(params)
    .map(([k, v]) => `${k}=${encodeURIComponent(String(v))}`)
    .join('&');

/** Paths relative to …/Square9API/api/. */
export const securityPaths = {
  isAdmin: () => 'userAdmin/isAdmin',
  secured: () => 'userAdmin/secured',
  unsecured: () => 'userAdmin/unsecured',
  groups: () => 'userAdmin/s9groups',
  tree: (username?: string, type?: number) =>
    username === undefined
      ? 'userAdmin/tree'
      : `userAdmin/tree?${q(type === undefined ? { username } : { username, type })}`,
  archiveMask: (db: number, archive: number, username: string, type: number) =>
    `userAdmin/archives?${q({ db, archive, username, type })}`,
  inboxMask: (inbox: number, username: string, type: number) =>
    `userAdmin/inboxes?${q({ inbox, username, type })}`,
  searches: (db: number, username: string, type: number) => `userAdmin/searches?${q({ db, username, type })}`,
  databaseLevel: (db: number, username: string, type: number) =>
    `userAdmin/databases?${q({ db, username, type })}`,
  setArchives: () => 'userAdmin/archives',
  setInboxes: () => 'userAdmin/inboxes',
  setDatabases: () => 'userAdmin/databases',
  setSearches: () => 'userAdmin/searches',
  setSearchType: () => 'userAdmin/searchType',
  createUser: () => 'userAdmin/user?create=true',
  user: (name: string) => `userAdmin/user?${q({ name })}`,
  createGroup: () => 'userAdmin/group?createGroup=true',
  updateGroup: (groupName: string) => `userAdmin/group?${q({ groupName })}`,
  deleteGroup: (name: string) => `userAdmin/group?${q({ name })}`,
  importUsers: () => 'userAdmin/users/import',
} as const;

// The database import wizard and .gs packages (admin-spec §3, §7; issue 16). The field names of
// the template tree, the import user and the import log are the spec's; everything the spec does
// not show (which call answers what, Status, Message, LogId, Exists, Warnings, the manifest) is
// our design, recorded in docs/decisions/031 and 032 and described in docs/gs-package.md.

/** The package format this build writes and reads (manifest `FormatVersion`). */
export const PACKAGE_FORMAT_VERSION = 1;
/** A package's file name must end in this (admin-spec §5: "accepts only files ending in gs"). */
export const PACKAGE_EXTENSION = 'gs';
/** The import wizard's keep-alive period (admin-spec §9). */
export const IMPORT_KEEPALIVE_MS = 45_000;
/** What new database names keep in the import wizard (admin-spec §5). */
export const IMPORT_DATABASE_NAME_STRIP = /[^\p{L}\p{N}_-]/gu;

/** Account types of an import user (admin-spec §9). */
export const ImportAccountType = { Alt: 0, User: 2, Group: 4 } as const;
export const DEFAULT_IMPORT_LICENSE = 2;

/** One security entry of an import user or group: a template (archive path) and its level. */
export interface ImportSecurityEntry {
  /** our design: the archive's path in the package, parents first, joined with '/' */
  TemplateName: string;
  /** archive permission bits */
  SecurityLevel: number;
}

/** An import user or group (admin-spec §3). */
export interface ImportUser {
  Name: string;
  /** only in UsersToAdd sent back: the password of a user to create ('' takes the wizard's one) */
  Password: string;
  Email: string;
  License: number;
  /** 2 user, 0 alt, 4 group */
  Type: number;
  /** the database security bits (1 admin, 2 delete batches); -1: no access to the database */
  SecurityLevel: number;
  SecurityList: ImportSecurityEntry[];
  /** a group's members */
  Users: string[];
  /** our design: the name is already a user or group of this server (it is never overwritten) */
  Exists: boolean;
}

/** A child of a branch: one archive of the template. */
export interface ImportTemplateChild {
  Child: string;
  Checked: boolean;
  Installed: boolean;
  /** the archive's id in the package */
  ID: number;
}

/** A branch of the template tree: one top-level archive of the package and its sub-archives. */
export interface ImportTemplateBranch {
  Parent: string;
  /** already applied to the chosen database: shown 'already applied', cannot be checked */
  Installed: boolean;
  Checked: boolean;
  Children: ImportTemplateChild[];
  /** users and groups of the package whose security names an archive of the branch */
  Square9Users: string[];
  Square9Groups: string[];
}

/**
 * `GET admin/importdatabase?DatabaseID=` → the template tree of the caller's uploaded package
 * for that database (0 or absent: a new one); the wizard sends it back, with its choices, as the
 * body of `POST admin/FullAdminDatabaseImport?DatabaseID=`.
 */
export interface ImportTemplateTree {
  Branches: ImportTemplateBranch[];
  UsersToAdd: ImportUser[];
  GroupsToAdd: ImportUser[];
  DatabaseName: string;
  DatabaseID: number;
  /** the SQL login of a new database (never stored, decision 017) */
  Username: string;
  /** the password given to the users created without one of their own */
  Password: string;
  SQLServerName: string;
  AuthType: string;
}

/** The manifest's counts (and `GET admin/FullAdminPackage`'s). */
export interface PackageCounts {
  Archives: number;
  Fields: number;
  TableFields: number;
  Lists: number;
  Searches: number;
  Stamps: number;
  Users: number;
  Groups: number;
  Documents: number;
  Workflows: number;
}

/** `manifest.json` of a .gs package (docs/gs-package.md). */
export interface PackageManifest {
  FormatVersion: number;
  Acronym: string;
  Source: {
    Product: string;
    DatabaseName: string;
    DatabaseID: number;
    ExportedAt: string;
    ExportedBy: string;
  };
  Counts: PackageCounts;
  /** entry name → SHA-256 (hex) of its bytes: a changed entry is a corrupted package */
  Checksums: Record<string, string>;
}

/** `GET admin/FullAdminPackage` and the answer to an upload: the caller's uploaded package. */
export interface PackageInfo {
  Filename: string;
  Acronym: string;
  SourceDatabase: string;
  ExportedAt: string;
  Counts: PackageCounts;
}

export type ImportStatus = 'Running' | 'Completed' | 'Failed';

/** `GET admin/FullAdminLog?logId=` (and each entry of the history, without it). */
export interface ImportLog {
  LogId: string;
  /** the Guid of `FullAdminLog?DatabaseName=&Guid=`, which downloads LogText as a file */
  Guid: string;
  Status: ImportStatus;
  LogText: string;
  /** '' when the import succeeded; the first error otherwise */
  ImportError: string;
  Filename: string;
  DisplayName: string;
  DatabaseName: string;
  DatabaseID: number;
  /** .NET date of the start */
  Started: string;
}

/** `POST admin/FullAdminDatabaseImport?DatabaseID=` → the job's log id (poll FullAdminLog). */
export interface ImportStarted {
  LogId: string;
  Guid: string;
}

/** The 400 of an upload that is no readable package: the log that records why (our design). */
export interface PackageRejected {
  Message: string;
  MessageDetail?: string;
  LogId: string;
}

export const importPaths = {
  templateTree: (databaseId: number) => `admin/importdatabase?DatabaseID=${databaseId}`,
  /** POST multipart: the .gs package */
  upload: () => 'admin/FullAdminDatabaseImport',
  /** POST multipart: a user CSV (Name, Password, Email, License) → ImportUser[] */
  userCsv: (fileName: string) => `admin/FullAdminDatabaseImport?FileName=${encodeURIComponent(fileName)}`,
  /** POST → the package's users and groups (ImportUser[]) */
  userList: () => 'admin/FullAdminDatabaseImport?UserList=true',
  /** POST ImportTemplateTree → ImportStarted */
  run: (databaseId: number) => `admin/FullAdminDatabaseImport?DatabaseID=${databaseId}`,
  package: () => 'admin/FullAdminPackage',
  log: (logId: string) => `admin/FullAdminLog?logId=${encodeURIComponent(logId)}`,
  logHistory: () => 'admin/FullAdminLog',
  /** opened by the browser: the log as a text file */
  logFile: (databaseName: string, guid: string) =>
    `admin/FullAdminLog?DatabaseName=${encodeURIComponent(databaseName)}&Guid=${encodeURIComponent(guid)}`,
  /** opened by the browser: the package download */
  export: (databaseId: number, acronym: string) =>
    `admin/FullAdminDatabaseExport?DatabaseID=${databaseId}&Acronym=${encodeURIComponent(acronym)}`,
} as const;

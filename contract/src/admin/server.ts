// The administration API's server-wide objects (square9api-wire.md §2.8): inboxes, stamps,
// registration, licence rules and SQL instances. PascalCase out, any casing in.

/** `GET|POST admin/inboxes`, `DELETE admin/inboxes/{id}`. */
export interface AdminInbox {
  Id: number;
  Name: string;
  BasePath: string;
  UniqueName: string;
}

/** `GET admin/inboxes/{id}` → the inbox's security entries. */
export interface AdminInboxSecurity {
  ArchiveId: number;
  Permissions: number;
  /** 0 group, 1 user (wire §4) */
  Type: number;
  User: string;
}

/** `GET|POST admin/stamps`, `DELETE admin/stamps/{id}`. Text may hold @Today and @User. */
export interface AdminStamp {
  Id: number;
  Text: string;
}

export const STAMP_EXISTS = 'Stamp already exists.';

/** `GET admin/registration`. */
export interface AdminRegistration {
  Product: string;
  RegNumber: string;
  RegType: string;
  Serial: string;
  UID: string;
}

/** `POST` (web) / `PUT` (manual) `admin/registration`. */
export interface AdminRegistrationRequest {
  UniqueId: string;
  Serial: string;
  Registration: string;
}

/** Units of a licence rule's times. */
export const LICENSE_RULE_TIME_TYPES = ['minutes', 'hours', 'days'] as const;
export type LicenseRuleTimeType = (typeof LICENSE_RULE_TIME_TYPES)[number];

/** `GET|POST|PUT|DELETE admin/licenserules` (IID in the query for DELETE). Our design where unseen. */
export interface AdminLicenseRule {
  IID: number;
  Name: string;
  /** licence type the rule gives (1 full, 2 web edit, 4 read only) */
  Type: number;
  MaxTime: number;
  MaxTimeType: LicenseRuleTimeType;
  MaxTimeLastAccessed: number;
  MaxTimeLastAccessedType: LicenseRuleTimeType;
  /** the user or group the rule applies to; '' for the built-ins */
  UserOrGroup: string;
}

/** The built-in rules: read-only; IID 1 can never be deleted. */
export const BUILT_IN_LICENSE_RULES = [
  'Default',
  'Full License',
  'Web-Only Full License',
  'Web-Only Read Only License',
] as const;

/** Defaults of a new rule: 8 hours, 15 minutes idle. */
export const NEW_LICENSE_RULE_DEFAULTS = {
  MaxTime: 8,
  MaxTimeType: 'hours',
  MaxTimeLastAccessed: 15,
  MaxTimeLastAccessedType: 'minutes',
} as const;

/** `GET archives/{id}/dxc` (our route under admin/databases/{db}): data-exchange sources. */
export interface AdminDxcSource {
  Id: number;
  Name: string;
  ConnectionString: string;
  UseInternal: boolean;
  InternalDatabase: number;
  Mapping: { ArchiveField: number; MappedField: string }[];
}

/** `GET admin/registration?features=true`: licensed feature code → count (our design: the `feature.*` settings). */
export type AdminRegistrationFeatures = Record<string, string>;

/** `GET admin/options/inboxes` answers `AdminShowAllOptions` (catalog.ts); end users see it as `InboxOptions` 1. */
export const INBOX_OPTION_SHOW_ALL = 1;

/**
 * `PUT admin/databases/{db}/archives/{id}/dxc/DXTables` with `{ConnectionString}` or
 * `{UseInternal, InternalDatabase}`: the tables a source reaches and their columns, to map from.
 * Our design: the simulator reaches only its own databases, whose archives are the tables.
 */
export interface AdminDxcTable {
  Name: string;
  Columns: string[];
}

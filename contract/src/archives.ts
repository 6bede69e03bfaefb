// Archive wire types: square9api-wire.md §2.3 and spec §3.
export interface Archive {
  Id: number;
  Name: string;
  Parent: number;
  /** ArchivePermission bits for the calling user */
  Permissions: number;
  /** ArchiveProperties bits (2 = has sub-archives) */
  Properties: number;
  /** ArchiveFlags bits: revision control 1, pdf convert 2, web revision 4, read only 8, versions 16 */
  DBProperties: number;
  /** the archive's storage folder on the server, a Windows path (SD's model; the value our guess) */
  BasePath: string;
  /** the archive's full-text index folder on the server (SD's model; the value our guess) */
  FullTextPath: string;
}
export interface ArchivesResponse {
  Archives: Archive[];
}

/** `dbs/{db}/archives/{id}?type=info`: the archive's keys and these */
export interface ArchiveInfo extends Archive {
  FolderOptions: number;
  Count: number;
  Hash: string;
}

/** One view tab of an archive (`?type=tabs`). */
export interface ViewTab {
  tabId: number;
  label: string;
  value: string;
  color: string;
}
export interface ViewTabsResponse {
  Enabled: boolean;
  StatusField: number;
  Tabs: ViewTab[];
}

// Archives, their fields and view tabs.
import type { Db } from '../../db/connection';
import type { FieldDefinition } from '@gs/contract/fields';
import type { ViewTab } from '@gs/contract/archives';

export interface ArchiveRow {
  id: number;
  databaseId: number;
  parentId: number;
  name: string;
  flags: number;
  folderOptions: number;
  hasChildren: boolean;
  viewEnabled: boolean;
  viewStatusField: number;
  contentSearch: boolean;
  versionsArchiveId: number;
  /** the administrator's storage folder ('' the server's default) and folder name (decision 017) */
  basePath: string;
  uniqueName: string;
}

interface RawArchive {
  id: number;
  database_id: number;
  parent_id: number;
  name: string;
  flags: number;
  folder_options: number;
  has_children: number;
  view_enabled: number;
  view_status_field: number;
  content_search: number;
  versions_archive_id: number;
  base_path: string;
  unique_name: string;
}

const toRow = (r: RawArchive): ArchiveRow => ({
  id: r.id,
  databaseId: r.database_id,
  parentId: r.parent_id,
  name: r.name,
  flags: r.flags,
  folderOptions: r.folder_options,
  hasChildren: r.has_children === 1,
  viewEnabled: r.view_enabled === 1,
  viewStatusField: r.view_status_field,
  contentSearch: r.content_search === 1,
  versionsArchiveId: r.versions_archive_id,
  basePath: r.base_path,
  uniqueName: r.unique_name,
});

const SELECT = `SELECT a.id, a.database_id, a.parent_id, a.name, a.flags, a.folder_options,
  EXISTS (SELECT 1 FROM archives c WHERE c.parent_id = a.id) AS has_children,
  a.view_enabled, a.view_status_field, a.content_search, a.versions_archive_id, a.base_path,
  a.unique_name FROM archives a`;

export function createArchivesRepo(db: Db) {
  const byId = db.prepare(`${SELECT} WHERE a.id = ?`);
  const children = db.prepare(
    `${SELECT} WHERE a.database_id = ? AND a.parent_id = ? ORDER BY a.name COLLATE NOCASE, a.id`,
  );
  const fields = db.prepare(`SELECT f.id AS ID, f.name AS Name, f.list_id AS List, f.type AS Type,
      f.mask AS Mask, f.size AS Size, f.regex AS RegEx, f.prop AS Prop, f.parent_id AS Parent,
      f.list_f1 AS ListF1, f.list_f2 AS ListF2
    FROM archive_fields af JOIN fields f ON f.id = af.field_id
    WHERE af.archive_id = ? ORDER BY af.ordinal`);
  const withField = db.prepare(
    `${SELECT} WHERE a.id IN (SELECT archive_id FROM archive_fields WHERE field_id = ?) ORDER BY a.id`,
  );
  const views = db.prepare(`SELECT ordinal + 1 AS tabId, label, value, color FROM archive_views
    WHERE archive_id = ? ORDER BY ordinal`);
  return {
    byId(id: number): ArchiveRow | undefined {
      const r = byId.get(id) as RawArchive | undefined;
      return r && toRow(r);
    },
    /** direct children of `parentId` (0: the roots) in one database */
    children(databaseId: number, parentId: number): ArchiveRow[] {
      return (children.all(databaseId, parentId) as RawArchive[]).map(toRow);
    },
    fields(archiveId: number): FieldDefinition[] {
      return fields.all(archiveId) as FieldDefinition[];
    },
    /** the archives that use field `fieldId` */
    withField(fieldId: number): ArchiveRow[] {
      return (withField.all(fieldId) as RawArchive[]).map(toRow);
    },
    views(archiveId: number): ViewTab[] {
      return views.all(archiveId) as ViewTab[];
    },
  };
}
export type ArchivesRepo = ReturnType<typeof createArchivesRepo>;

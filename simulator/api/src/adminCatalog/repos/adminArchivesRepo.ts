// The administration side of archives (admin-spec §3): every archive of a database with its
// fields, view tabs, storage folder and notification e-mail; create, update and delete them.
// Deleting an archive takes its documents (rows, values, text, states, annotations) with it and
// the searches and user actions filed under it; the caller refuses that unless asked to drop
// (decision 017).
// Callers run each write inside `transaction`.
import { ArchiveFlags, Operator, SYSTEM_FIELD_PROPS, SearchSettings } from '@gs/contract/flags';
import { VERSIONS_ARCHIVE_NAME } from '@gs/contract/admin/catalog';
import type { Db } from '../../db/connection';
import { docTable, mvTable, textTable } from '../../documents/repos/docTables';
import { searchNames } from '../../search/repos/docSearchSchema';

export interface AdminArchiveRow {
  id: number;
  databaseId: number;
  parentId: number;
  name: string;
  flags: number;
  contentSearch: boolean;
  basePath: string;
  uniqueName: string;
  createBrowse: boolean;
  viewEnabled: boolean;
  viewStatusField: number;
  versionsArchiveId: number;
}

export interface ArchiveViewValue {
  label: string;
  value: string;
  color: string;
}

export interface ArchiveNotificationsRow {
  to: string;
  from: string;
  subject: string;
  message: string;
}

/** Everything an archive is made of, as the admin API sets it. */
export interface ArchiveSpec {
  parentId: number;
  name: string;
  flags: number;
  contentSearch: boolean;
  basePath: string;
  uniqueName: string;
  createBrowse: boolean;
  viewEnabled: boolean;
  viewStatusField: number;
  fieldIds: number[];
  views: ArchiveViewValue[];
  notifications: ArchiveNotificationsRow;
}

const COLUMNS = `id, database_id AS databaseId, parent_id AS parentId, name, flags,
  content_search AS contentSearch, base_path AS basePath, unique_name AS uniqueName,
  create_browse AS createBrowse, view_enabled AS viewEnabled, view_status_field AS viewStatusField,
  versions_archive_id AS versionsArchiveId`;

type Raw = Omit<AdminArchiveRow, 'contentSearch' | 'createBrowse' | 'viewEnabled'> & {
  contentSearch: number;
  createBrowse: number;
  viewEnabled: number;
};
const toRow = (r: Raw): AdminArchiveRow => ({
  ...r,
  contentSearch: r.contentSearch === 1,
  createBrowse: r.createBrowse === 1,
  viewEnabled: r.viewEnabled === 1,
});

const NO_NOTIFICATIONS: ArchiveNotificationsRow = { to: '', from: '', subject: '', message: '' };

export function createAdminArchivesRepo(db: Db) {
  const ofDatabase = db.prepare(
    `SELECT ${COLUMNS} FROM archives WHERE database_id = ? ORDER BY parent_id, name COLLATE NOCASE, id`,
  );
  const byId = db.prepare(`SELECT ${COLUMNS} FROM archives WHERE id = ?`);
  const fieldIds = db
    .prepare(`SELECT field_id FROM archive_fields WHERE archive_id = ? ORDER BY ordinal`)
    .pluck();
  const views = db.prepare(
    `SELECT label, value, color FROM archive_views WHERE archive_id = ? ORDER BY ordinal`,
  );
  const notifications = db.prepare(`SELECT to_address AS "to", from_address AS "from", subject, message
    FROM archive_notifications WHERE archive_id = ?`);
  const insert = db.prepare(`INSERT INTO archives(database_id, parent_id, name, flags, content_search,
      base_path, unique_name, create_browse, view_enabled, view_status_field)
    VALUES (@databaseId, @parentId, @name, @flags, @contentSearch, @basePath, @uniqueName, @createBrowse,
      @viewEnabled, @viewStatusField)`);
  const update = db.prepare(`UPDATE archives SET parent_id = @parentId, name = @name, flags = @flags,
      content_search = @contentSearch, base_path = @basePath, unique_name = @uniqueName,
      create_browse = @createBrowse, view_enabled = @viewEnabled, view_status_field = @viewStatusField
    WHERE id = @id`);
  const setUniqueName = db.prepare(`UPDATE archives SET unique_name = ? WHERE id = ?`);
  const setVersions = db.prepare(`UPDATE archives SET versions_archive_id = ? WHERE id = ?`);
  const clearFields = db.prepare(`DELETE FROM archive_fields WHERE archive_id = ?`);
  const addField = db.prepare(`INSERT INTO archive_fields(archive_id, field_id, ordinal) VALUES (?, ?, ?)`);
  const clearViews = db.prepare(`DELETE FROM archive_views WHERE archive_id = ?`);
  const addView = db.prepare(
    `INSERT INTO archive_views(archive_id, ordinal, label, value, color) VALUES (?, ?, ?, ?, ?)`,
  );
  const putNotifications = db.prepare(`INSERT INTO archive_notifications(archive_id, to_address,
      from_address, subject, message) VALUES (@id, @to, @from, @subject, @message)
    ON CONFLICT(archive_id) DO UPDATE SET to_address = excluded.to_address,
      from_address = excluded.from_address, subject = excluded.subject, message = excluded.message`);
  const databaseFields = db.prepare(`SELECT id, name, prop FROM fields WHERE database_id = ?`);
  const addSearch = db.prepare(
    `INSERT INTO searches(database_id, archive_id, name, settings) VALUES (?, ?, ?, ?)`,
  );
  const addSearchArchive = db.prepare(
    `INSERT INTO search_archives(search_id, archive_id, ordinal) VALUES (?, ?, 0)`,
  );
  const addPrompt = db.prepare(`INSERT INTO search_prompts(search_id, ordinal, field_id, operator, prompt)
    VALUES (?, ?, ?, ?, ?)`);
  const removeSearches = db.prepare(`DELETE FROM searches WHERE archive_id = ?`);
  const removeUserActions = db.prepare(`DELETE FROM user_actions WHERE archive_id = ?`);
  const removeArchive = db.prepare(`DELETE FROM archives WHERE id = ?`);
  const unlinkVersions = db.prepare(
    `UPDATE archives SET versions_archive_id = 0 WHERE versions_archive_id = ?`,
  );

  const writeParts = (id: number, spec: ArchiveSpec): void => {
    clearFields.run(id);
    spec.fieldIds.forEach((f, i) => addField.run(id, f, i));
    clearViews.run(id);
    spec.views.forEach((v, i) => addView.run(id, i, v.label, v.value, v.color));
    putNotifications.run({ id, ...spec.notifications });
  };
  const params = (spec: ArchiveSpec) => ({
    parentId: spec.parentId,
    name: spec.name,
    flags: spec.flags,
    contentSearch: +spec.contentSearch,
    basePath: spec.basePath,
    uniqueName: spec.uniqueName,
    createBrowse: +spec.createBrowse,
    viewEnabled: +spec.viewEnabled,
    viewStatusField: spec.viewStatusField,
  });

  const repo = {
    transaction: <T>(fn: () => T): T => db.transaction(fn)(),
    /** every archive of the database, roots first */
    ofDatabase(databaseId: number): AdminArchiveRow[] {
      return (ofDatabase.all(databaseId) as Raw[]).map(toRow);
    },
    byId(id: number): AdminArchiveRow | undefined {
      const r = byId.get(id) as Raw | undefined;
      return r && toRow(r);
    },
    fieldIds: (archiveId: number): number[] => fieldIds.all(archiveId) as number[],
    views: (archiveId: number): ArchiveViewValue[] => views.all(archiveId) as ArchiveViewValue[],
    notifications: (archiveId: number): ArchiveNotificationsRow =>
      (notifications.get(archiveId) as ArchiveNotificationsRow | undefined) ?? NO_NOTIFICATIONS,
    /** the fields of the database's catalogue, by id */
    databaseFields(databaseId: number): Map<number, { name: string; prop: number }> {
      const rows = databaseFields.all(databaseId) as { id: number; name: string; prop: number }[];
      return new Map(rows.map((r) => [r.id, { name: r.name, prop: r.prop }]));
    },
    /** A new archive; an empty unique name becomes `archive_{id}`. Its id. */
    create(databaseId: number, spec: ArchiveSpec): number {
      const id = Number(insert.run({ databaseId, ...params(spec) }).lastInsertRowid);
      if (!spec.uniqueName) setUniqueName.run(`archive_${id}`, id);
      writeParts(id, spec);
      return id;
    },
    /** Give the archive these fields, in this order (a Versions archive follows its archive's). */
    setFieldIds(id: number, ids: number[]): void {
      clearFields.run(id);
      ids.forEach((f, i) => addField.run(id, f, i));
    },
    update(id: number, spec: ArchiveSpec): void {
      update.run({ id, ...params(spec) });
      writeParts(id, spec);
    },
    /** The Versions archive (a child holding old revisions) of a revision-controlled archive. */
    addVersionsArchive(databaseId: number, archiveId: number, fieldIds: number[]): number {
      const id = repo.create(databaseId, {
        parentId: archiveId,
        name: VERSIONS_ARCHIVE_NAME,
        flags: ArchiveFlags.VersionsArchive,
        contentSearch: false,
        basePath: '',
        uniqueName: '',
        createBrowse: false,
        viewEnabled: false,
        viewStatusField: 0,
        fieldIds,
        views: [],
        notifications: NO_NOTIFICATIONS,
      });
      setVersions.run(id, archiveId);
      return id;
    },
    /** The archive's browse search: a Contains prompt for each of its non-system fields. */
    addBrowseSearch(databaseId: number, archiveId: number, name: string): number {
      const fields = repo.databaseFields(databaseId);
      const id = Number(
        addSearch.run(databaseId, archiveId, `Browse ${name}`, SearchSettings.ShowInList).lastInsertRowid,
      );
      addSearchArchive.run(id, archiveId);
      repo
        .fieldIds(archiveId)
        .filter((f) => ((fields.get(f)?.prop ?? 0) & SYSTEM_FIELD_PROPS) === 0)
        .forEach((f, i) => addPrompt.run(id, i, f, Operator.Contains, fields.get(f)?.name ?? ''));
      return id;
    },
    documentCount(databaseId: number, archiveId: number): number {
      return db
        .prepare(`SELECT count(*) FROM ${docTable(databaseId)} WHERE archive_id = ?`)
        .pluck()
        .get(archiveId) as number;
    },
    /** The distinct file paths of the archive's documents (to unlink after a drop commits). */
    filePaths(databaseId: number, archiveId: number): string[] {
      return db
        .prepare(
          `SELECT DISTINCT file_path FROM ${docTable(databaseId)} WHERE archive_id = ? AND file_path <> ''`,
        )
        .pluck()
        .all(archiveId) as string[];
    },
    /** Remove the archive, its documents and the searches and user actions filed under it. */
    remove(databaseId: number, archiveId: number): void {
      const docs = `(SELECT id FROM ${docTable(databaseId)} WHERE archive_id = @archiveId)`;
      const ids = { databaseId, archiveId };
      db.prepare(`DELETE FROM pdf_workflow_states WHERE database_id = @databaseId AND doc_id IN ${docs}`).run(
        ids,
      );
      db.prepare(`DELETE FROM annotations WHERE database_id = @databaseId AND document_id IN ${docs}`).run(
        ids,
      );
      db.prepare(`DELETE FROM ${mvTable(databaseId)} WHERE doc_id IN ${docs}`).run({ archiveId });
      db.prepare(`DELETE FROM ${textTable(databaseId)} WHERE doc_id IN ${docs}`).run({ archiveId });
      db.prepare(`DELETE FROM ${docTable(databaseId)} WHERE archive_id = ?`).run(archiveId);
      removeSearches.run(archiveId);
      removeUserActions.run(archiveId);
      unlinkVersions.run(archiveId);
      removeArchive.run(archiveId);
    },
    /**
     * Put the text of the archive's documents into the content index (`on`) or take it out; with
     * `limit`, only the newest `limit` documents are re-read. The number of documents re-read.
     */
    indexContent(databaseId: number, archiveId: number, on: boolean, limit = -1): number {
      const n = searchNames(databaseId);
      const docs = `SELECT id FROM ${n.doc} WHERE archive_id = ? ORDER BY id DESC LIMIT ?`;
      db.prepare(`DELETE FROM ${n.textFts} WHERE rowid IN (${docs})`).run(archiveId, limit);
      // cached counts are keyed on the stamp's version
      db.exec(`UPDATE ${n.stamp} SET version = version + 1`);
      if (!on) return 0;
      return db
        .prepare(
          `INSERT INTO ${n.textFts}(rowid, body) SELECT t.doc_id, t.body FROM ${n.text} t
          WHERE t.doc_id IN (${docs})`,
        )
        .run(archiveId, limit).changes;
    },
  };
  return repo;
}
export type AdminArchivesRepo = ReturnType<typeof createAdminArchivesRepo>;

// Inboxes as the administration sees them (admin-spec §3): name, base path and unique name, whose
// join is the folder (`inboxes.path`); their security entries; and the inbox options (ShowAll,
// kept in settings). Deleting an inbox removes its definition and grants, never its files.
import type { Db } from '../../db/connection';

export interface AdminInboxRow {
  id: number;
  name: string;
  basePath: string;
  uniqueName: string;
  path: string;
}

export interface InboxGrantRow {
  inboxId: number;
  permissions: number;
  /** 0 group, 1 user */
  principalType: number;
  principal: string;
}

const SHOW_ALL_KEY = 'options.inboxes.showAll';
const COLUMNS = `id, name, base_path AS basePath,
  CASE unique_name WHEN '' THEN path ELSE unique_name END AS uniqueName, path`;

export function createAdminInboxesRepo(db: Db) {
  const all = db.prepare(`SELECT ${COLUMNS} FROM inboxes ORDER BY name COLLATE NOCASE, id`);
  const byId = db.prepare(`SELECT ${COLUMNS} FROM inboxes WHERE id = ?`);
  const byName = db.prepare(`SELECT ${COLUMNS} FROM inboxes WHERE name = ? COLLATE NOCASE`);
  const byPath = db.prepare(`SELECT ${COLUMNS} FROM inboxes WHERE path = ? COLLATE NOCASE`);
  const insert = db.prepare(`INSERT INTO inboxes(name, path, base_path, unique_name)
    VALUES (@name, @path, @basePath, @uniqueName)`);
  const remove = db.prepare(`DELETE FROM inboxes WHERE id = ?`);
  const grants = db.prepare(`SELECT s.inbox_id AS inboxId, s.permissions, s.principal_type AS principalType,
      COALESCE(u.name, g.name, '') AS principal
    FROM inbox_security s
    LEFT JOIN users u ON s.principal_type = 1 AND u.id = s.principal_id
    LEFT JOIN groups g ON s.principal_type = 0 AND g.id = s.principal_id
    WHERE s.inbox_id = ? ORDER BY s.principal_type, principal COLLATE NOCASE`);
  const getSetting = db.prepare(`SELECT value FROM settings WHERE key = ?`);
  const setSetting = db.prepare(`INSERT INTO settings(key, value) VALUES (?, ?)
    ON CONFLICT(key) DO UPDATE SET value = excluded.value`);

  return {
    transaction: <T>(fn: () => T): T => db.transaction(fn)(),
    all: (): AdminInboxRow[] => all.all() as AdminInboxRow[],
    byId: (id: number): AdminInboxRow | undefined => byId.get(id) as AdminInboxRow | undefined,
    byName: (name: string): AdminInboxRow | undefined => byName.get(name) as AdminInboxRow | undefined,
    byPath: (path: string): AdminInboxRow | undefined => byPath.get(path) as AdminInboxRow | undefined,
    insert: (row: Omit<AdminInboxRow, 'id'>): number => Number(insert.run(row).lastInsertRowid),
    remove: (id: number): boolean => remove.run(id).changes > 0,
    grants: (id: number): InboxGrantRow[] => grants.all(id) as InboxGrantRow[],
    showAll: (): boolean => (getSetting.get(SHOW_ALL_KEY) as { value: string } | undefined)?.value === 'true',
    setShowAll: (on: boolean): void => void setSetting.run(SHOW_ALL_KEY, String(on)),
  };
}
export type AdminInboxesRepo = ReturnType<typeof createAdminInboxesRepo>;

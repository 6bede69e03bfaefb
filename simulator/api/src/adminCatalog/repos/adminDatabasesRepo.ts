// The administration side of databases (admin-spec §3, §7): create, rename, delete and rebuild a
// GlobalSearch database, with its document tables (docTables.ts), its "show all archives" option
// and the files its documents leave behind. Callers run each write inside `transaction`.
import type { Db } from '../../db/connection';
import { createDocumentTables, docTable, mvTable, textTable } from '../../documents/repos/docTables';
import {
  catchUpValueIndex,
  dropSearchSchema,
  ensureSearchSchema,
  rebuildContentIndex,
  searchNames,
} from '../../search/repos/docSearchSchema';

export interface AdminDatabaseRow {
  id: number;
  name: string;
  server: string;
  authType: string;
  authUser: string;
  showAllArchives: boolean;
}

export interface DatabaseSpec {
  name: string;
  server: string;
  authType: string;
  authUser: string;
}

const COLUMNS = `id, name, server, auth_type AS authType, auth_user AS authUser,
  show_all_archives AS showAllArchives`;

type RawRow = Omit<AdminDatabaseRow, 'showAllArchives'> & { showAllArchives: number };
const toRow = (r: RawRow): AdminDatabaseRow => ({ ...r, showAllArchives: r.showAllArchives === 1 });

export function createAdminDatabasesRepo(db: Db) {
  const all = db.prepare(`SELECT ${COLUMNS} FROM databases ORDER BY name COLLATE NOCASE, id`);
  const byId = db.prepare(`SELECT ${COLUMNS} FROM databases WHERE id = ?`);
  const byName = db.prepare(`SELECT id FROM databases WHERE name = ? COLLATE NOCASE`).pluck();
  const insert = db.prepare(
    `INSERT INTO databases(name, server, auth_type, auth_user) VALUES (@name, @server, @authType, @authUser)`,
  );
  const update = db.prepare(`UPDATE databases SET name = @name, server = @server, auth_type = @authType,
    auth_user = @authUser WHERE id = @id`);
  const setShowAll = db.prepare(`UPDATE databases SET show_all_archives = ? WHERE id = ?`);
  const remove = db.prepare(`DELETE FROM databases WHERE id = ?`);
  const removeStates = db.prepare(`DELETE FROM pdf_workflow_states WHERE database_id = ?`);
  const removeAudit = db.prepare(`DELETE FROM audit WHERE database_id = ?`);
  // the roll-ups first, so the audit delete triggers find nothing left to take off (auditRollups.ts,
  // workflowRollups.ts)
  const removeRollups = [
    db.prepare(`DELETE FROM audit_days WHERE database_id = ?`),
    db.prepare(`DELETE FROM audit_user_days WHERE database_id = ?`),
    db.prepare(`DELETE FROM workflow_days WHERE database_id = ?`),
  ];
  const removeMail = db.prepare(`DELETE FROM mail_servers WHERE database_id = ?`);

  return {
    transaction: <T>(fn: () => T): T => db.transaction(fn)(),
    all(): AdminDatabaseRow[] {
      return (all.all() as RawRow[]).map(toRow);
    },
    byId(id: number): AdminDatabaseRow | undefined {
      const r = byId.get(id) as RawRow | undefined;
      return r && toRow(r);
    },
    /** the id of the database of that name (any casing) */
    idByName(name: string): number | undefined {
      return byName.get(name) as number | undefined;
    },
    /** A new database with its empty document tables; its id. */
    create(spec: DatabaseSpec): number {
      const id = Number(insert.run(spec).lastInsertRowid);
      createDocumentTables(db, id);
      return id;
    },
    update(id: number, spec: DatabaseSpec): void {
      update.run({ ...spec, id });
    },
    setShowAllArchives(id: number, showAll: boolean): void {
      setShowAll.run(+showAll, id);
    },
    documentCount(id: number): number {
      return db
        .prepare(`SELECT count(*) FROM ${docTable(id)}`)
        .pluck()
        .get() as number;
    },
    /** The distinct file paths of the database's documents (to unlink after a drop commits). */
    filePaths(id: number): string[] {
      return db
        .prepare(`SELECT DISTINCT file_path FROM ${docTable(id)} WHERE file_path <> ''`)
        .pluck()
        .all() as string[];
    },
    /**
     * Remove the database: its document tables and search structures, its documents' states,
     * history and mail settings, and (by cascade) its catalogue, security and annotations.
     */
    remove(id: number): void {
      dropSearchSchema(db, id);
      db.exec(`DROP TABLE IF EXISTS ${docTable(id)}; DROP TABLE IF EXISTS ${mvTable(id)};
        DROP TABLE IF EXISTS ${textTable(id)};`);
      removeStates.run(id);
      for (const statement of removeRollups) statement.run(id);
      removeAudit.run(id);
      removeMail.run(id);
      remove.run(id);
    },
    /** Rebuild the SQL indexes of the document tables, the value dictionary and the text index. */
    rebuild(id: number): void {
      db.transaction(() => {
        db.exec(`REINDEX ${docTable(id)}; REINDEX ${mvTable(id)}; REINDEX ${textTable(id)};`);
        ensureSearchSchema(db, id);
        rebuildContentIndex(db, id);
        // cached counts are keyed on the stamp's version
        db.exec(`UPDATE ${searchNames(id).stamp} SET version = version + 1`);
      })();
      catchUpValueIndex(db, id);
      db.exec(`ANALYZE ${docTable(id)}`);
    },
  };
}
export type AdminDatabasesRepo = ReturnType<typeof createAdminDatabasesRepo>;

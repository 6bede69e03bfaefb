// One principal's own grants (not combined with their groups'), read and written by the user
// administration: database levels, archive and inbox masks, search props; and the catalogue the
// security tree is drawn from. Effective rights are the OR of these over a user and their groups
// (securityRepo, usersRepo; decision 020).
import type { Db } from '../../db/connection';
import type { Principal } from './principalsRepo';

export interface TreeRows {
  databases: { id: number; name: string }[];
  archives: { id: number; databaseId: number; parentId: number; name: string }[];
  searches: { id: number; databaseId: number; archiveId: number; name: string }[];
}

const key = (p: Principal) => ({ type: p.kind, id: p.id });

export function createGrantsRepo(db: Db) {
  const dbLevel = db.prepare(
    `SELECT level FROM database_security WHERE database_id = @db AND principal_type = @type AND principal_id = @id`,
  );
  const setDb = db.prepare(
    `INSERT OR REPLACE INTO database_security(database_id, principal_type, principal_id, level) VALUES (@db, @type, @id, @level)`,
  );
  const dropDb = db.prepare(
    `DELETE FROM database_security WHERE database_id = @db AND principal_type = @type AND principal_id = @id`,
  );
  const archiveMask = db.prepare(
    `SELECT permissions FROM archive_security WHERE archive_id = @target AND principal_type = @type AND principal_id = @id`,
  );
  const setArchive = db.prepare(
    `INSERT OR REPLACE INTO archive_security(archive_id, principal_type, principal_id, permissions) VALUES (@target, @type, @id, @mask)`,
  );
  const dropArchive = db.prepare(
    `DELETE FROM archive_security WHERE archive_id = @target AND principal_type = @type AND principal_id = @id`,
  );
  const inboxMask = db.prepare(
    `SELECT permissions FROM inbox_security WHERE inbox_id = @target AND principal_type = @type AND principal_id = @id`,
  );
  const setInbox = db.prepare(
    `INSERT OR REPLACE INTO inbox_security(inbox_id, principal_type, principal_id, permissions) VALUES (@target, @type, @id, @mask)`,
  );
  const dropInbox = db.prepare(
    `DELETE FROM inbox_security WHERE inbox_id = @target AND principal_type = @type AND principal_id = @id`,
  );
  const searchProps = db.prepare(
    `SELECT s.search_id AS id, s.props AS props FROM search_security s JOIN searches x ON x.id = s.search_id
     WHERE x.database_id = @db AND s.principal_type = @type AND s.principal_id = @id ORDER BY s.search_id`,
  );
  const oneSearch = db.prepare(
    `SELECT props FROM search_security WHERE search_id = @target AND principal_type = @type AND principal_id = @id`,
  );
  const setSearch = db.prepare(
    `INSERT OR REPLACE INTO search_security(search_id, principal_type, principal_id, props) VALUES (@target, @type, @id, @props)`,
  );
  const dropSearch = db.prepare(
    `DELETE FROM search_security WHERE search_id = @target AND principal_type = @type AND principal_id = @id`,
  );
  // the principal's other searches of the same archive that are their default
  const clearDefaults = db.prepare(
    `UPDATE search_security SET props = props & ~8 WHERE principal_type = @type AND principal_id = @id
       AND search_id <> @target AND search_id IN (SELECT id FROM searches WHERE database_id = @db AND archive_id = @archive)`,
  );
  const databases = db.prepare(`SELECT id, name FROM databases ORDER BY name`);
  const archives = db.prepare(
    `SELECT id, database_id AS databaseId, parent_id AS parentId, name FROM archives ORDER BY name, id`,
  );
  const searches = db.prepare(
    `SELECT id, database_id AS databaseId, archive_id AS archiveId, name FROM searches ORDER BY name, id`,
  );

  const num = (row: unknown, col: string): number | undefined =>
    row === undefined ? undefined : (row as Record<string, number>)[col];

  return {
    /** the level, or undefined when the principal has no access to the database */
    databaseLevel: (p: Principal, databaseId: number): number | undefined =>
      num(dbLevel.get({ db: databaseId, ...key(p) }), 'level'),
    setDatabase(p: Principal, databaseId: number, access: boolean, level: number): void {
      if (access) setDb.run({ db: databaseId, level, ...key(p) });
      else dropDb.run({ db: databaseId, ...key(p) });
    },
    archiveMask: (p: Principal, archiveId: number): number =>
      num(archiveMask.get({ target: archiveId, ...key(p) }), 'permissions') ?? 0,
    setArchive(p: Principal, archiveId: number, mask: number): void {
      if (mask) setArchive.run({ target: archiveId, mask, ...key(p) });
      else dropArchive.run({ target: archiveId, ...key(p) });
    },
    inboxMask: (p: Principal, inboxId: number): number =>
      num(inboxMask.get({ target: inboxId, ...key(p) }), 'permissions') ?? 0,
    setInbox(p: Principal, inboxId: number, mask: number): void {
      if (mask) setInbox.run({ target: inboxId, mask, ...key(p) });
      else dropInbox.run({ target: inboxId, ...key(p) });
    },
    /** search id -> props of the principal's own grants in the database */
    searchProps(p: Principal, databaseId: number): Map<number, number> {
      const rows = searchProps.all({ db: databaseId, ...key(p) }) as { id: number; props: number }[];
      return new Map(rows.map((r) => [r.id, r.props]));
    },
    searchGrant: (p: Principal, searchId: number): number | undefined =>
      num(oneSearch.get({ target: searchId, ...key(p) }), 'props'),
    setSearch(p: Principal, searchId: number, props: number | undefined): void {
      if (props === undefined) dropSearch.run({ target: searchId, ...key(p) });
      else setSearch.run({ target: searchId, props, ...key(p) });
    },
    clearOtherDefaults(p: Principal, search: { id: number; databaseId: number; archiveId: number }): void {
      clearDefaults.run({ target: search.id, db: search.databaseId, archive: search.archiveId, ...key(p) });
    },
    tree: (): TreeRows => ({
      databases: databases.all() as TreeRows['databases'],
      archives: archives.all() as TreeRows['archives'],
      searches: searches.all() as TreeRows['searches'],
    }),
  };
}
export type GrantsRepo = ReturnType<typeof createGrantsRepo>;

// Grants of archives and searches to a user and their groups (a search with GrantAll, admin
// searches, is granted to everyone who sees its database). SQLite has no bitwise-OR
// aggregate, so rows come back one per grant and are OR-ed here.
import type { Db } from '../../db/connection';
import { PRINCIPALS_CTE } from './usersRepo';

const orByKey = (rows: { key: number; bits: number }[]): Map<number, number> => {
  const out = new Map<number, number>();
  for (const r of rows) out.set(r.key, (out.get(r.key) ?? 0) | r.bits);
  return out;
};

export function createSecurityRepo(db: Db) {
  const archiveGrants = db.prepare(`${PRINCIPALS_CTE}
    SELECT s.archive_id AS key, s.permissions AS bits FROM archive_security s
    JOIN me ON me.principal_type = s.principal_type AND me.principal_id = s.principal_id
    JOIN archives a ON a.id = s.archive_id WHERE a.database_id = @db`);
  const searchGrants = db.prepare(`${PRINCIPALS_CTE}
    SELECT s.search_id AS key, s.props AS bits FROM search_security s
    JOIN me ON me.principal_type = s.principal_type AND me.principal_id = s.principal_id
    JOIN searches x ON x.id = s.search_id WHERE x.database_id = @db
    UNION ALL SELECT o.search_id AS key, 2 AS bits FROM search_options o
    JOIN searches x ON x.id = o.search_id WHERE x.database_id = @db AND o.grant_all = 1`);
  return {
    /** archive id -> OR of the permissions granted in that database */
    archivePermissions(userId: number, databaseId: number): Map<number, number> {
      return orByKey(archiveGrants.all({ user: userId, db: databaseId }) as { key: number; bits: number }[]);
    },
    /** search id -> OR of the search props granted in that database (a row means "may run") */
    searchProps(userId: number, databaseId: number): Map<number, number> {
      return orByKey(searchGrants.all({ user: userId, db: databaseId }) as { key: number; bits: number }[]);
    },
  };
}
export type SecurityRepo = ReturnType<typeof createSecurityRepo>;

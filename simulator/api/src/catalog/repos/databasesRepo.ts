// GlobalSearch databases (the catalogue's top level).
import type { Db } from '../../db/connection';
import type { Database } from '@gs/contract/databases';

export function createDatabasesRepo(db: Db) {
  const all = db.prepare(`SELECT id AS Id, name AS Name FROM databases ORDER BY name COLLATE NOCASE, id`);
  const byId = db.prepare(`SELECT id AS Id, name AS Name FROM databases WHERE id = ?`);
  return {
    all(): Database[] {
      return all.all() as Database[];
    },
    byId(id: number): Database | undefined {
      return byId.get(id) as Database | undefined;
    },
  };
}
export type DatabasesRepo = ReturnType<typeof createDatabasesRepo>;

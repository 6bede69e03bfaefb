// The catalogue version (decision 078): one number in SQLite that every write to the catalogue and
// security tables bumps, through triggers in the write's own transaction. A cache of those tables'
// reads (catalogCache.ts) is good while the number it was filled under is still current, whichever
// connection, process, package import or room made the write. Migration 18 makes it.
import type { Db } from '../../db/connection';

/**
 * The tables the cached reads read (archivesRepo, databasesRepo, searchesRepo, usersRepo,
 * securityRepo, fieldRulesRepo.ofArchive): a write to any of them makes every cached read stale.
 */
export const CATALOG_TABLES = [
  'databases',
  'archives',
  'archive_fields',
  'archive_views',
  'fields',
  'searches',
  'search_archives',
  'search_prompts',
  'search_options',
  'search_security',
  'archive_security',
  'database_security',
  'users',
  'groups',
  'group_members',
] as const;

const BUMP = `UPDATE catalog_version SET version = version + 1 WHERE id = 1`;

/** Migration 18: the version row and, per catalogue table, a trigger per kind of write. */
export function createCatalogVersion(db: Db): void {
  db.exec(`CREATE TABLE catalog_version (
    id INTEGER PRIMARY KEY CHECK (id = 1),
    version INTEGER NOT NULL
  ) STRICT;
  INSERT INTO catalog_version(id, version) VALUES (1, 1);`);
  for (const table of CATALOG_TABLES)
    for (const kind of ['insert', 'update', 'delete'])
      db.exec(`CREATE TRIGGER catalog_version_${table}_${kind} AFTER ${kind.toUpperCase()} ON ${table}
        BEGIN ${BUMP}; END`);
}

export function createCatalogVersionRepo(db: Db) {
  const current = db.prepare(`SELECT version FROM catalog_version WHERE id = 1`).pluck();
  return {
    /** the version now: different from an earlier one once any catalogue table was written */
    current(): number {
      return current.get() as number;
    },
  };
}
export type CatalogVersionRepo = ReturnType<typeof createCatalogVersionRepo>;

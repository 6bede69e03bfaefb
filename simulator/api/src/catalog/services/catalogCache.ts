// A per-process cache of the catalogue and security reads every request makes (decision 078):
// archive, database and search rows, an archive's fields and rules, a search's archives and
// prompts, a user's row, database levels and grants. Each read first reads the catalogue version
// (catalogVersion.ts, one row kept by triggers): when it moved, every entry is dropped, so a write
// by any connection or process is seen by the next read. Inside a transaction the cache is not
// used at all: what a transaction reads may be rolled back, and must see its own writes.
// Cached values are frozen: a caller that changed one would change every later answer.
import type { Db } from '../../db/connection';
import type { CatalogVersionRepo } from '../repos/catalogVersion';
import type { ArchivesRepo } from '../repos/archivesRepo';
import type { DatabasesRepo } from '../repos/databasesRepo';
import type { SearchesRepo } from '../../search/repos/searchesRepo';
import type { UsersRepo } from '../../security/repos/usersRepo';
import type { SecurityRepo } from '../../security/repos/securityRepo';
import type { FieldRulesRepo } from '../../fields/repos/fieldRulesRepo';

/** entries kept per kind of read before it starts afresh (users x databases can grow) */
const MAX_ENTRIES = 10_000;

function deepFreeze<T>(value: T): T {
  if (typeof value !== 'object' || value === null || value instanceof Map || Object.isFrozen(value))
    return value;
  for (const v of Object.values(value)) deepFreeze(v);
  return Object.freeze(value);
}

export function createCatalogCache(db: Pick<Db, 'inTransaction'>, version: CatalogVersionRepo) {
  let filledAt: number | undefined;
  const maps: Map<string | number, unknown>[] = [];
  const fresh = (): void => {
    const now = version.current();
    if (now === filledAt) return;
    for (const m of maps) m.clear();
    filledAt = now;
  };
  return {
    /** `fn` answered from the cache while the catalogue version stands; `key` names its arguments */
    memo<A extends unknown[], T>(fn: (...args: A) => T, key: (...args: A) => string | number) {
      const map = new Map<string | number, T>();
      maps.push(map as Map<string | number, unknown>);
      return (...args: A): T => {
        if (db.inTransaction) return fn(...args);
        fresh();
        const k = key(...args);
        if (map.has(k)) return map.get(k) as T;
        const value = deepFreeze(fn(...args));
        if (map.size >= MAX_ENTRIES) map.clear();
        map.set(k, value);
        return value;
      };
    },
  };
}

interface CatalogReads {
  archives: ArchivesRepo;
  databases: DatabasesRepo;
  searches: SearchesRepo;
  users: UsersRepo;
  security: SecurityRepo;
  fieldRules: FieldRulesRepo;
}

const one = (id: number): number => id;
const two = (a: number, b: number): string => `${a}:${b}`;

/** The repos with their per-request catalogue and security reads served from one cache. */
export function withCatalogCache<R extends CatalogReads>(
  repos: R,
  db: Pick<Db, 'inTransaction'>,
  version: CatalogVersionRepo,
): R {
  const { memo } = createCatalogCache(db, version);
  const { archives, databases, searches, users, security, fieldRules } = repos;
  return {
    ...repos,
    archives: { ...archives, byId: memo(archives.byId, one), fields: memo(archives.fields, one) },
    databases: { ...databases, byId: memo(databases.byId, one) },
    searches: {
      ...searches,
      byId: memo(searches.byId, one),
      archives: memo(searches.archives, one),
      prompts: memo(searches.prompts, one),
    },
    users: {
      ...users,
      findById: memo(users.findById, one),
      databaseLevels: memo(users.databaseLevels, one),
    },
    security: {
      ...security,
      archivePermissions: memo(security.archivePermissions, two),
      searchProps: memo(security.searchProps, two),
    },
    fieldRules: { ...fieldRules, ofArchive: memo(fieldRules.ofArchive, one) },
  };
}

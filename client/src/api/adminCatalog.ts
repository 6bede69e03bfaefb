// The administration API's catalogue (admin-spec §7, wire §2.8): databases, archives and their
// options, fields, table fields, lists, searches, notifications, data exchange and index rebuild,
// one function per route of contract/src/admin/paths.ts. Bodies go out in the contract's casing.
import type {
  AdminArchive,
  AdminDatabase,
  AdminField,
  AdminList,
  AdminMailServer,
  AdminSearch,
  AdminShowAllOptions,
  AdminTableField,
} from '@gs/contract/admin/catalog';
import { adminPaths } from '@gs/contract/admin/paths';
import type { AdminDxcSource } from '@gs/contract/admin/server';
import type { Http } from './http';

/** A list answer as an array (null or a lone object are tolerated). */
export function asList<T>(value: T[] | T | null | undefined): T[] {
  if (value === null || value === undefined) return [];
  return Array.isArray(value) ? value : [value];
}

/** A by-id answer as one object: the server answers some by-id GETs with a one-item array. */
export function asOne<T>(value: T[] | T | null | undefined): T | null {
  return asList(value)[0] ?? null;
}

/** The new item of a POST, or the body sent when the server answers with nothing. */
const created = <T>(answer: T[] | T | null, sent: T): T => asOne(answer) ?? sent;

// Databases
export const getAdminDatabases = async (http: Http) =>
  asList(await http.request<AdminDatabase[] | null>(adminPaths.databases()));
export const getAdminDatabase = async (http: Http, id: number) =>
  asOne(await http.request<AdminDatabase[] | AdminDatabase | null>(adminPaths.databases(id)));
export const rebuildDatabaseIndexes = (http: Http, id: number) =>
  http.request<unknown>(adminPaths.databases(id), { query: { rebuild: true } });
export const createAdminDatabase = async (http: Http, body: AdminDatabase) =>
  created(await http.request<AdminDatabase | null>(adminPaths.databases(), { method: 'POST', body }), body);
export const updateAdminDatabase = (http: Http, body: AdminDatabase) =>
  http.request<unknown>(adminPaths.databases(body.Id), { method: 'PUT', body });
/** `Drop` also drops what the database holds (our wire design, contract/admin/catalog.ts). */
export const deleteAdminDatabase = (http: Http, id: number, drop: boolean) =>
  http.request<unknown>(adminPaths.databases(id), { method: 'DELETE', query: { Drop: drop } });

// Archives
export const getAdminArchives = async (http: Http, db: number) =>
  asList(await http.request<AdminArchive[] | null>(adminPaths.archives(db)));
export const getAdminArchive = async (http: Http, db: number, id: number) =>
  asOne(await http.request<AdminArchive[] | AdminArchive | null>(adminPaths.archives(db, id)));
export const createAdminArchive = async (http: Http, db: number, body: AdminArchive) =>
  created(await http.request<AdminArchive | null>(adminPaths.archives(db), { method: 'POST', body }), body);
export const updateAdminArchive = (http: Http, db: number, body: AdminArchive) =>
  http.request<unknown>(adminPaths.archives(db, body.Id), { method: 'PUT', body });
export const deleteAdminArchive = (http: Http, db: number, id: number, drop: boolean) =>
  http.request<unknown>(adminPaths.archives(db, id), { method: 'DELETE', query: { Drop: drop } });
export const getArchiveOptions = (http: Http, db: number) =>
  http.request<AdminShowAllOptions>(adminPaths.archiveOptions(db));
export const putArchiveOptions = (http: Http, db: number, body: AdminShowAllOptions) =>
  http.request<unknown>(adminPaths.archiveOptions(db), { method: 'PUT', body });
/** Rebuilds the content index of `docCount` documents (1000 from an archive card, admin-spec §9). */
export const rebuildArchiveIndex = (http: Http, db: number, id: number, docCount = 1000) =>
  http.request<unknown>(adminPaths.archiveIndexRebuild(db, id, docCount));
export const getArchiveDxc = async (http: Http, db: number, id: number) =>
  asList(await http.request<AdminDxcSource[] | null>(adminPaths.archiveDxc(db, id)));
/**
 * Saves an archive's data-exchange sources as `before` became `after` (admin-spec §7: POST a new
 * one, PUT or DELETE one by its id): the removed go first, so a new source may take a freed name.
 */
export async function saveArchiveDxc(
  http: Http,
  db: number,
  id: number,
  before: readonly AdminDxcSource[],
  after: readonly AdminDxcSource[],
): Promise<void> {
  const kept = new Set(after.map((s) => s.Id).filter((sourceId) => sourceId > 0));
  for (const old of before)
    if (!kept.has(old.Id))
      await http.request<unknown>(adminPaths.archiveDxcSource(db, id, old.Id), { method: 'DELETE' });
  for (const source of after) {
    if (source.Id === 0) {
      await http.request<unknown>(adminPaths.archiveDxc(db, id), { method: 'POST', body: source });
      continue;
    }
    const old = before.find((s) => s.Id === source.Id);
    if (JSON.stringify(old) !== JSON.stringify(source))
      await http.request<unknown>(adminPaths.archiveDxcSource(db, id, source.Id), {
        method: 'PUT',
        body: source,
      });
  }
}

/** The four catalogue kinds share one shape of routes: GET all, POST, GET/PUT/DELETE by id. */
function catalog<T extends { Id: number }>(path: (db: number, id?: number) => string) {
  return {
    list: async (http: Http, db: number) => asList(await http.request<T[] | null>(path(db))),
    get: async (http: Http, db: number, id: number) =>
      asOne(await http.request<T[] | T | null>(path(db, id))),
    create: async (http: Http, db: number, body: T) =>
      created(await http.request<T | null>(path(db), { method: 'POST', body }), body),
    update: (http: Http, db: number, body: T) =>
      http.request<unknown>(path(db, body.Id), { method: 'PUT', body }),
    /** `drop` (a field holding data): also drop the data, sent as `?Drop=` */
    remove: (http: Http, db: number, id: number, drop?: boolean) =>
      http.request<unknown>(path(db, id), { method: 'DELETE', query: { Drop: drop } }),
  };
}

export const adminFields = catalog<AdminField>(adminPaths.fields);
export const adminTableFields = catalog<AdminTableField>(adminPaths.tableFields);
export const adminLists = catalog<AdminList>(adminPaths.lists);
export const adminSearches = catalog<AdminSearch>(adminPaths.searches);

/**
 * `PUT admin/databases/{db}/lists`: loads a bound list to test it. The server answers the list
 * with the values its binding loads (decision 018); a bare array of values is taken too.
 */
export async function testAssemblyList(http: Http, db: number, body: AdminList): Promise<string[]> {
  const answer = await http.request<AdminList | string[] | null>(adminPaths.lists(db), {
    method: 'PUT',
    body,
  });
  return Array.isArray(answer) ? answer : (answer?.Values ?? []);
}

// Mail server (email server settings)
export const getMailServer = (http: Http, db: number) =>
  http.request<AdminMailServer>(adminPaths.dbNotifications(db));
export const putMailServer = (http: Http, db: number, body: AdminMailServer) =>
  http.request<unknown>(adminPaths.dbNotifications(db), { method: 'PUT', body });
export const getServerMailServer = (http: Http) => http.request<AdminMailServer>(adminPaths.notifications());

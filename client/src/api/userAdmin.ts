// Square9API `userAdmin/…` (wire §2.8, admin-spec §7): users, groups and their rights, for the
// user security administration (/admin/security). Shapes and our-design bodies: contract/admin/security.ts.
import {
  securityPaths as p,
  type DatabasePermissions,
  type GroupBody,
  type S9Group,
  type SearchSecurity,
  type SearchTypeName,
  type SecurityPrincipal,
  type SecurityRequest,
  type SecurityTarget,
  type SecurityTreeNode,
  type SecurityUserRef,
  type UserBody,
  type UserImportReply,
  type UserUpdate,
} from '@gs/contract/admin/security';
import { adminPaths } from '@gs/contract/admin/paths';
import type { AdminInbox } from '@gs/contract/admin/server';
import { asList } from './adminCatalog';
import type { Http } from './http';

export interface PrincipalRef {
  name: string;
  /** AccountType: 2 user, 4 group */
  type: number;
}

export interface PrincipalLists {
  secured: SecurityPrincipal[];
  unsecured: SecurityPrincipal[];
  groups: S9Group[];
}

export async function getPrincipals(http: Http): Promise<PrincipalLists> {
  const [secured, unsecured, groups] = await Promise.all([
    http.request<SecurityPrincipal[] | null>(p.secured()),
    http.request<SecurityPrincipal[] | null>(p.unsecured()),
    http.request<S9Group[] | null>(p.groups()),
  ]);
  return { secured: asList(secured), unsecured: asList(unsecured), groups: asList(groups) };
}

export const getSecurityTree = async (http: Http, who: PrincipalRef) =>
  asList(await http.request<SecurityTreeNode[] | null>(p.tree(who.name, who.type)));

/** The admin inboxes, or none when the caller may not list them (only administrators of all may). */
export const getAllInboxes = (http: Http) =>
  http.request<AdminInbox[] | null>(adminPaths.inboxes()).then(asList, () => []);

export const getDatabaseLevel = (http: Http, db: number, who: PrincipalRef) =>
  http.request<DatabasePermissions>(p.databaseLevel(db, who.name, who.type));
export const getArchiveMask = (http: Http, db: number, archive: number, who: PrincipalRef) =>
  http.request<number>(p.archiveMask(db, archive, who.name, who.type));
export const getInboxMask = (http: Http, inbox: number, who: PrincipalRef) =>
  http.request<number>(p.inboxMask(inbox, who.name, who.type));
export const getSearchGrants = async (http: Http, db: number, who: PrincipalRef) =>
  asList(await http.request<SearchSecurity[] | null>(p.searches(db, who.name, who.type)));

const rightsBody = <T>(who: PrincipalRef, targets: SecurityTarget[], Permissions: T): SecurityRequest<T> => {
  const user: SecurityUserRef = { Name: who.name, Type: who.type };
  return { Users: [user], Targets: targets, Permissions };
};
const post = (http: Http, path: string, body: unknown) =>
  http.request<unknown>(path, { method: 'POST', body });

export const setDatabaseRights = (http: Http, who: PrincipalRef, db: number, rights: DatabasePermissions) =>
  post(http, p.setDatabases(), rightsBody(who, [{ Id: db, Database: db }], rights));
export const setArchiveMask = (http: Http, who: PrincipalRef, db: number, archive: number, mask: number) =>
  post(http, p.setArchives(), rightsBody(who, [{ Id: archive, Database: db }], { Mask: mask }));
export const setInboxMask = (http: Http, who: PrincipalRef, inbox: number, mask: number) =>
  post(http, p.setInboxes(), rightsBody(who, [{ Id: inbox, Database: 0 }], { Mask: mask }));
export const setSearchGranted = (
  http: Http,
  who: PrincipalRef,
  db: number,
  search: number,
  granted: boolean,
) => post(http, p.setSearches(), rightsBody(who, [{ Id: search, Database: db }], { Granted: granted }));
export const setSearchType = (
  http: Http,
  who: PrincipalRef,
  db: number,
  search: number,
  type: SearchTypeName,
  value: boolean,
) =>
  post(
    http,
    p.setSearchType(),
    rightsBody(who, [{ Id: search, Database: db }], { Type: type, Value: value }),
  );

export const createUser = (http: Http, body: UserBody) => post(http, p.createUser(), body);
export const updateUser = (http: Http, name: string, body: UserUpdate) =>
  http.request<unknown>(p.user(name), { method: 'PUT', body });
export const deleteUser = (http: Http, name: string) =>
  http.request<unknown>(p.user(name), { method: 'DELETE' });
export const createGroup = (http: Http, body: GroupBody) => post(http, p.createGroup(), body);
export const setGroupMembers = (http: Http, name: string, users: string[]) =>
  http.request<unknown>(p.updateGroup(name), { method: 'PUT', body: { Users: users } satisfies GroupBody });
export const deleteGroup = (http: Http, name: string) =>
  http.request<unknown>(p.deleteGroup(name), { method: 'DELETE' });
export const importUsers = (http: Http, csv: string) =>
  http.request<UserImportReply>(p.importUsers(), { method: 'POST', body: { Csv: csv } });

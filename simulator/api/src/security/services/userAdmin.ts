// The user administration's rules (admin-spec §5, §6): who may use it, how a `username` and a
// body's `Users` resolve to principals, and the security tree. A user administrator is a user
// with the user-admin right or an administrator of all databases (as `GET userAdmin/isAdmin`
// says); anyone else gets 403 'Account Not Authorized For User Management'. Changes are rows the
// next request of the affected user reads (security/services/access.ts reads rights per request).
import { z } from 'zod';
import { AccountType, USER_ADMIN_DENIED, type SecurityTreeNode } from '@gs/contract/admin/security';
import { SearchProps } from '@gs/contract/flags';
import type { RouteDeps } from '../../deps';
import type { Caller } from '../../domain/caller';
import { badRequest, forbidden, notFound } from '../../domain/errors';
import { int32, trimmed } from '../../lib/zodInput';
import {
  PRINCIPAL_GROUP,
  PRINCIPAL_USER,
  type Principal,
  type PrincipalKind,
  type PrincipalsRepo,
} from '../repos/principalsRepo';
import type { TreeRows } from '../repos/grantsRepo';
import { callerAccess, type UserAccess } from './access';
import { requireWritable } from './adminRights';

export const userAdminMessages = {
  noPrincipal: (name: string) => `The user or group ${name} was not found.`,
  noUser: (name: string) => `The user ${name} was not found.`,
  noGroup: (name: string) => `The group ${name} was not found.`,
  self: 'You cannot delete the account you are signed in with.',
};

/**
 * 403 unless the caller may use the user administration; a write also needs a licence that may
 * write (a read-only licence, type 4, reads only, as in the rest of the administration).
 */
export function requireUserAdministrator(deps: RouteDeps, caller: Caller, write = false): UserAccess {
  const access = callerAccess(deps.repos, caller);
  if (!access.user.isUserAdmin && !access.user.isAdminAll) throw forbidden(USER_ADMIN_DENIED);
  if (write) requireWritable(caller);
  return access;
}

/** AccountType (2 or 0 user, 4 group) -> the principal kind; 400 for anything else. */
export function kindOf(type: number | undefined): PrincipalKind | undefined {
  if (type === undefined) return undefined;
  if (type === AccountType.Group) return PRINCIPAL_GROUP;
  if (type === AccountType.User || type === AccountType.Alt) return PRINCIPAL_USER;
  throw badRequest(`The account type ${type} is not 2 (user), 0 (alt) or 4 (group).`);
}

/** A name, of `kind` when given, else the user of that name, else the group; 404 when neither. */
export function resolvePrincipal(repo: PrincipalsRepo, name: string, kind?: PrincipalKind): Principal {
  const found =
    kind === undefined
      ? (repo.find(PRINCIPAL_USER, name) ?? repo.find(PRINCIPAL_GROUP, name))
      : repo.find(kind, name);
  if (!found) throw notFound(userAdminMessages.noPrincipal(name));
  return found;
}

export const userRefSchema = z.object({
  name: trimmed.pipe(z.string().min(1, 'Name is required.')),
  type: int32.optional(),
  secured: z.unknown().optional(),
  password: z.unknown().optional(),
});
export const targetSchema = z.object({ id: int32, database: int32.optional() });

/** A rights body's principals, each resolved (404 for an unknown one). */
export const principalsOf = (repo: PrincipalsRepo, users: z.output<typeof userRefSchema>[]): Principal[] =>
  users.map((u) => resolvePrincipal(repo, u.name, kindOf(u.type)));

/** The tree of databases, archives (nested) and searches; search flags are `props`'s (id -> props). */
export function securityTree(rows: TreeRows, props: Map<number, number> = new Map()): SecurityTreeNode[] {
  const node = (
    Id: number,
    Dbid: number,
    Label: string,
    Type: SecurityTreeNode['Type'],
  ): SecurityTreeNode => {
    const p = Type === 'search' ? (props.get(Id) ?? 0) : 0;
    return {
      Id,
      Dbid,
      Label,
      Type,
      DefaultSearch: (p & SearchProps.Default) !== 0,
      QueueSearch: (p & SearchProps.Queue) !== 0,
      DirectSearch: (p & SearchProps.Direct) !== 0,
      Children: [],
    };
  };
  const archives = new Map(rows.archives.map((a) => [a.id, node(a.id, a.databaseId, a.name, 'archive')]));
  const databases = rows.databases.map((d) => node(d.id, d.id, d.name, 'database'));
  const dbNodes = new Map(databases.map((d) => [d.Id, d]));
  for (const s of rows.searches)
    (archives.get(s.archiveId) ?? dbNodes.get(s.databaseId))?.Children.push(
      node(s.id, s.databaseId, s.name, 'search'),
    );
  for (const a of rows.archives) {
    const n = archives.get(a.id);
    const parent = archives.get(a.parentId) ?? dbNodes.get(a.databaseId);
    if (n) parent?.Children.push(n);
  }
  return databases;
}

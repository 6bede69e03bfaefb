// The import wizard's template tree (admin-spec §3 "Import template tree"; decision 031): a
// branch per top-level archive of the package with its archives as children, 'Installed' when
// the chosen database has had that template applied; and the wizard's answer read back into the
// import's choices (a body of any casing, checked against the package: an unknown archive id or a
// checked installed template is a 400).
import { z } from 'zod';
import {
  IMPORT_DATABASE_NAME_STRIP,
  ImportAccountType,
  type ImportTemplateTree,
  type ImportUser,
} from '@gs/contract/admin/packages';
import type { Db } from '../../db/connection';
import { badRequest } from '../../domain/errors';
import { MAX_DATABASE_NAME } from '../../adminCatalog/services/adminDatabases';
import { opt, parseBody, textValue } from '../../adminCatalog/services/adminInput';
import type { ImportChoices } from './packageImport';
import { archivePaths, branchOf, templateKey, type Package } from './packageModel';

const installedIn = (db: Db, databaseId: number, key: string): boolean =>
  databaseId > 0 &&
  db
    .prepare(`SELECT 1 FROM package_templates WHERE database_id = ? AND template = ?`)
    .get(databaseId, key) !== undefined;

/** The package's users and groups, each marked Exists when the server has that name. */
export function packagePrincipals(db: Db, pkg: Package): { users: ImportUser[]; groups: ImportUser[] } {
  const user = db.prepare(`SELECT 1 FROM users WHERE name = ?`);
  const group = db.prepare(`SELECT 1 FROM groups WHERE name = ?`);
  return {
    users: pkg.users.map((u) => ({ ...u, Exists: user.get(u.Name) !== undefined })),
    groups: pkg.groups.map((g) => ({ ...g, Exists: group.get(g.Name) !== undefined })),
  };
}

export function templateTree(
  db: Db,
  pkg: Package,
  databaseId: number,
  databaseName: string,
): ImportTemplateTree {
  const archives = pkg.tables.archives ?? [];
  const branch = branchOf(archives);
  const paths = archivePaths(archives);
  const { users, groups } = packagePrincipals(db, pkg);
  const Branches = archives
    .filter((a) => branch.get(Number(a.id)) === Number(a.id))
    .sort((a, b) => String(a.name).localeCompare(String(b.name)))
    .map((top) => {
      const installed = installedIn(db, databaseId, templateKey(pkg.manifest.Acronym, String(top.name)));
      const members = archives.filter((a) => branch.get(Number(a.id)) === Number(top.id));
      const names = new Set(members.map((a) => paths.get(Number(a.id))));
      const secured = (list: ImportUser[]) =>
        list.filter((p) => p.SecurityList.some((s) => names.has(s.TemplateName))).map((p) => p.Name);
      return {
        Parent: String(top.name),
        Installed: installed,
        Checked: !installed,
        Children: members.map((a) => ({
          Child: paths.get(Number(a.id)) ?? String(a.name),
          Checked: !installed,
          Installed: installed,
          ID: Number(a.id),
        })),
        Square9Users: secured(users),
        Square9Groups: secured(groups),
      };
    });
  return {
    Branches,
    UsersToAdd: users.filter((u) => !u.Exists),
    GroupsToAdd: groups.filter((g) => !g.Exists),
    DatabaseName: databaseName,
    DatabaseID: databaseId,
    Username: '',
    Password: '',
    SQLServerName: '(local)',
    AuthType: 'windows',
  };
}

const flag = z.union([z.boolean(), z.enum(['true', 'false']).transform((v) => v === 'true')]);
const userSchema = z.object({
  name: z.string().trim().min(1).max(128),
  password: opt(z.string().max(256)),
  email: opt(z.string().max(256)),
  license: opt(z.number().int()),
  type: opt(z.number().int()),
  users: opt(z.array(z.string().max(128)).max(10_000)),
});
const treeSchema = z.object({
  branches: z
    .array(
      z.object({
        parent: opt(textValue),
        checked: opt(flag),
        children: opt(z.array(z.object({ id: z.number().int(), checked: opt(flag) })).max(100_000)),
      }),
    )
    .max(10_000),
  userstoadd: opt(z.array(userSchema).max(10_000)),
  groupstoadd: opt(z.array(userSchema).max(10_000)),
  databasename: opt(textValue),
  username: opt(textValue),
  password: opt(z.string().max(256)),
  sqlservername: opt(textValue),
  authtype: opt(textValue),
});

const asUser = (u: z.output<typeof userSchema>, type: number): ImportUser => ({
  Name: u.name,
  Password: u.password ?? '',
  Email: u.email ?? '',
  License: u.license ?? 2,
  Type: type,
  SecurityLevel: -1,
  SecurityList: [],
  Users: u.users ?? [],
  Exists: false,
});

/** The import's choices from the wizard's tree; 400 for what the package or database refutes. */
export function readChoices(db: Db, pkg: Package, databaseId: number, body: unknown): ImportChoices {
  const tree = parseBody(treeSchema, body, 'import template tree');
  const known = new Set((pkg.tables.archives ?? []).map((a) => Number(a.id)));
  const branch = branchOf(pkg.tables.archives ?? []);
  const archives = new Set<number>();
  for (const b of tree.branches)
    for (const c of b.children ?? []) {
      if (!known.has(c.id)) throw badRequest(`The package has no archive ${c.id}.`);
      if (c.checked ?? b.checked ?? false) archives.add(c.id);
    }
  // a checked child needs its top-level archive, which holds the template
  for (const id of [...archives]) archives.add(branch.get(id) ?? id);
  const archiveRows = new Map((pkg.tables.archives ?? []).map((a) => [Number(a.id), a]));
  for (const id of archives) {
    const top = archiveRows.get(branch.get(id) ?? id);
    if (top && installedIn(db, databaseId, templateKey(pkg.manifest.Acronym, String(top.name))))
      throw badRequest(`The template ${String(top.name)} is already applied to this database.`);
  }
  const name = (tree.databasename ?? '').replace(IMPORT_DATABASE_NAME_STRIP, '');
  if (databaseId === 0) {
    if (!name) throw badRequest('A new database needs a name (letters, digits, _ and -).');
    if (name.length > MAX_DATABASE_NAME)
      throw badRequest(`The database name is longer than ${MAX_DATABASE_NAME} characters.`);
    if (db.prepare(`SELECT 1 FROM databases WHERE name = ?`).get(name))
      throw badRequest(`A database named '${name}' already exists.`);
  }
  const packageGroups = new Map(pkg.groups.map((g) => [g.Name.toLowerCase(), g]));
  return {
    databaseId,
    databaseName: name,
    server: tree.sqlservername ?? '',
    authType: (tree.authtype ?? 'windows').toLowerCase(),
    authUser: tree.username ?? '',
    archives,
    usersToAdd: (tree.userstoadd ?? []).map((u) => asUser(u, ImportAccountType.User)),
    groupsToAdd: (tree.groupstoadd ?? []).map((g) => ({
      ...asUser(g, ImportAccountType.Group),
      Users: g.users ?? packageGroups.get(g.name.toLowerCase())?.Users ?? [],
    })),
    password: tree.password ?? '',
  };
}

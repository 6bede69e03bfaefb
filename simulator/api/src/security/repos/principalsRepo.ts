// Users and groups as the user administration sees them (userAdmin routes): listing, creating,
// changing and deleting. Deleting a principal also drops its grants, which have no foreign key
// (principal_type 1 user, 0 group; wire §4).
import type { Db } from '../../db/connection';

export const PRINCIPAL_USER = 1;
export const PRINCIPAL_GROUP = 0;
export type PrincipalKind = typeof PRINCIPAL_USER | typeof PRINCIPAL_GROUP;

export interface Principal {
  kind: PrincipalKind;
  id: number;
  name: string;
}

export interface UserListRow {
  id: number;
  name: string;
  email: string;
  licenseType: number;
  canDelegate: boolean;
}

export interface DbGrantRow {
  principalType: PrincipalKind;
  principalId: number;
  databaseId: number;
  databaseName: string;
  level: number;
}

const GRANT_TABLES = ['database_security', 'archive_security', 'search_security', 'inbox_security'];

export function createPrincipalsRepo(db: Db) {
  const userId = db.prepare(`SELECT id, name FROM users WHERE name = ?`);
  const groupId = db.prepare(`SELECT id, name FROM groups WHERE name = ?`);
  const users = db.prepare(
    `SELECT id, name, email, license_type AS licenseType, can_delegate AS canDelegate FROM users ORDER BY name`,
  );
  const groups = db.prepare(`SELECT id, name FROM groups ORDER BY name`);
  const members = db.prepare(
    `SELECT m.group_id AS groupId, u.name AS name FROM group_members m JOIN users u ON u.id = m.user_id ORDER BY u.name`,
  );
  const dbGrants = db.prepare(
    `SELECT s.principal_type AS principalType, s.principal_id AS principalId, s.database_id AS databaseId,
       d.name AS databaseName, s.level AS level
     FROM database_security s JOIN databases d ON d.id = s.database_id ORDER BY d.name`,
  );
  const insertUser = db.prepare(
    `INSERT INTO users(name, password_hash, license_type, email) VALUES (@name, @hash, @license, @email)`,
  );
  const setPassword = db.prepare(`UPDATE users SET password_hash = ? WHERE id = ?`);
  const setEmail = db.prepare(`UPDATE users SET email = ? WHERE id = ?`);
  const setLicense = db.prepare(`UPDATE users SET license_type = ? WHERE id = ?`);
  const deleteUser = db.prepare(`DELETE FROM users WHERE id = ?`);
  const insertGroup = db.prepare(`INSERT INTO groups(name) VALUES (?)`);
  const clearMembers = db.prepare(`DELETE FROM group_members WHERE group_id = ?`);
  const addMember = db.prepare(`INSERT OR IGNORE INTO group_members(group_id, user_id) VALUES (?, ?)`);
  const deleteGroup = db.prepare(`DELETE FROM groups WHERE id = ?`);
  const dropGrants = GRANT_TABLES.map((t) =>
    db.prepare(`DELETE FROM ${t} WHERE principal_type = ? AND principal_id = ?`),
  );

  const find = (kind: PrincipalKind, name: string): Principal | undefined => {
    const row = (kind === PRINCIPAL_USER ? userId : groupId).get(name) as
      { id: number; name: string } | undefined;
    return row && { kind, ...row };
  };

  return {
    transaction: <T>(work: () => T): T => db.transaction(work)(),
    /** a user or a group by name, case-insensitively */
    find,
    users: (): UserListRow[] =>
      (users.all() as (Omit<UserListRow, 'canDelegate'> & { canDelegate: number })[]).map((r) => ({
        ...r,
        canDelegate: r.canDelegate === 1,
      })),
    groups: (): { id: number; name: string }[] => groups.all() as { id: number; name: string }[],
    /** group id -> member names, sorted */
    members(): Map<number, string[]> {
      const out = new Map<number, string[]>();
      for (const r of members.all() as { groupId: number; name: string }[])
        out.set(r.groupId, [...(out.get(r.groupId) ?? []), r.name]);
      return out;
    },
    databaseGrants: (): DbGrantRow[] => dbGrants.all() as DbGrantRow[],
    insertUser: (u: { name: string; hash: string; license: number; email: string }): number =>
      Number(insertUser.run(u).lastInsertRowid),
    updateUser(id: number, change: { hash?: string; email?: string; license?: number }): void {
      if (change.hash !== undefined) setPassword.run(change.hash, id);
      if (change.email !== undefined) setEmail.run(change.email, id);
      if (change.license !== undefined) setLicense.run(change.license, id);
    },
    insertGroup: (name: string): number => Number(insertGroup.run(name).lastInsertRowid),
    setMembers(groupId: number, userIds: number[]): void {
      clearMembers.run(groupId);
      userIds.forEach((u) => addMember.run(groupId, u));
    },
    /** the principal, its memberships (cascade) and its grants */
    remove(p: Principal): void {
      dropGrants.forEach((s) => s.run(p.kind, p.id));
      (p.kind === PRINCIPAL_USER ? deleteUser : deleteGroup).run(p.id);
    },
  };
}
export type PrincipalsRepo = ReturnType<typeof createPrincipalsRepo>;

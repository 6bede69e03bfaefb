// Users, their groups and their database rights: who is calling and what they administer.
import type { Db } from '../../db/connection';
import type { LicenseTypeCode } from '@gs/contract/flags';

export interface UserRow {
  id: number;
  name: string;
  domain: string;
  passwordHash: string;
  licenseType: LicenseTypeCode;
  isAdminAll: boolean;
  isUserAdmin: boolean;
  isExternal: boolean;
}

interface RawUser {
  id: number;
  name: string;
  domain: string;
  password_hash: string;
  license_type: LicenseTypeCode;
  is_admin_all: number;
  is_user_admin: number;
  is_external: number;
}

const toUser = (r: RawUser): UserRow => ({
  id: r.id,
  name: r.name,
  domain: r.domain,
  passwordHash: r.password_hash,
  licenseType: r.license_type,
  isAdminAll: r.is_admin_all === 1,
  isUserAdmin: r.is_user_admin === 1,
  isExternal: r.is_external === 1,
});

const USER_COLUMNS = `id, name, domain, password_hash, license_type, is_admin_all, is_user_admin, is_external`;

/** The calling user and every group they belong to, as security principals. */
export const PRINCIPALS_CTE = `
  WITH me(principal_type, principal_id) AS (
    SELECT 1, @user UNION ALL SELECT 0, group_id FROM group_members WHERE user_id = @user
  )`;

export function createUsersRepo(db: Db) {
  const byName = db.prepare(`SELECT ${USER_COLUMNS} FROM users WHERE name = ?`);
  const byId = db.prepare(`SELECT ${USER_COLUMNS} FROM users WHERE id = ?`);
  const dbLevels = db.prepare(`${PRINCIPALS_CTE}
    SELECT s.database_id AS databaseId, s.level AS level FROM database_security s
    JOIN me ON me.principal_type = s.principal_type AND me.principal_id = s.principal_id`);

  return {
    /** `name` is matched case-insensitively (the column is COLLATE NOCASE). */
    findByName(name: string): UserRow | undefined {
      const r = byName.get(name) as RawUser | undefined;
      return r && toUser(r);
    },
    findById(id: number): UserRow | undefined {
      const r = byId.get(id) as RawUser | undefined;
      return r && toUser(r);
    },
    /** database id -> OR of the security levels granted to the user and their groups */
    databaseLevels(userId: number): Map<number, number> {
      const rows = dbLevels.all({ user: userId }) as { databaseId: number; level: number }[];
      const out = new Map<number, number>();
      for (const r of rows) out.set(r.databaseId, (out.get(r.databaseId) ?? 0) | r.level);
      return out;
    },
  };
}
export type UsersRepo = ReturnType<typeof createUsersRepo>;

// Licence rules (admin-spec §3): how long a licence of a type may live and stay idle, per user or
// group. The four built-ins come from migration 7.
import type { LicenseRuleTimeType } from '@gs/contract/admin/server';
import type { Db } from '../../db/connection';

export interface LicenseRuleRow {
  iid: number;
  name: string;
  type: number;
  maxTime: number;
  maxTimeType: LicenseRuleTimeType;
  maxTimeLastAccessed: number;
  maxTimeLastAccessedType: LicenseRuleTimeType;
  userOrGroup: string;
  builtIn: boolean;
}

const COLUMNS = `iid, name, type, max_time AS maxTime, max_time_type AS maxTimeType,
  max_time_last_accessed AS maxTimeLastAccessed, max_time_last_accessed_type AS maxTimeLastAccessedType,
  user_or_group AS userOrGroup, built_in AS builtIn`;

type Raw = Omit<LicenseRuleRow, 'builtIn'> & { builtIn: number };
const toRow = (r: Raw): LicenseRuleRow => ({ ...r, builtIn: r.builtIn === 1 });

export function createLicenseRulesRepo(db: Db) {
  const all = db.prepare(`SELECT ${COLUMNS} FROM license_rules ORDER BY iid`);
  const byIid = db.prepare(`SELECT ${COLUMNS} FROM license_rules WHERE iid = ?`);
  const byName = db.prepare(`SELECT ${COLUMNS} FROM license_rules WHERE name = ?`);
  const byPrincipal = db.prepare(
    `SELECT ${COLUMNS} FROM license_rules WHERE user_or_group = ? AND user_or_group <> ''`,
  );
  const insert = db.prepare(`INSERT INTO license_rules(name, type, max_time, max_time_type,
      max_time_last_accessed, max_time_last_accessed_type, user_or_group)
    VALUES (@name, @type, @maxTime, @maxTimeType, @maxTimeLastAccessed, @maxTimeLastAccessedType, @userOrGroup)`);
  const update = db.prepare(`UPDATE license_rules SET name = @name, type = @type, max_time = @maxTime,
      max_time_type = @maxTimeType, max_time_last_accessed = @maxTimeLastAccessed,
      max_time_last_accessed_type = @maxTimeLastAccessedType, user_or_group = @userOrGroup
    WHERE iid = @iid AND built_in = 0`);
  const remove = db.prepare(`DELETE FROM license_rules WHERE iid = ?`);
  const principal = db.prepare(`SELECT name FROM users WHERE name = @name COLLATE NOCASE
    UNION ALL SELECT name FROM groups WHERE name = @name COLLATE NOCASE LIMIT 1`);

  // the rule of a user: their own, else one of their groups' (the lowest IID); built-ins never
  const minutes = (n: string, unit: string) =>
    `${n} * CASE ${unit} WHEN 'minutes' THEN 1 WHEN 'hours' THEN 60 ELSE 1440 END`;
  const LIMITS = `${minutes('max_time', 'max_time_type')} AS lifeMinutes,
    ${minutes('max_time_last_accessed', 'max_time_last_accessed_type')} AS idleMinutes`;
  const limitsFor = db.prepare(`SELECT ${LIMITS} FROM license_rules r JOIN users u ON u.id = @user
    WHERE r.built_in = 0 AND (r.user_or_group = u.name OR r.user_or_group IN
      (SELECT g.name FROM groups g JOIN group_members m ON m.group_id = g.id WHERE m.user_id = @user))
    ORDER BY r.user_or_group = u.name DESC, r.iid LIMIT 1`);
  const longestIdle =
    db.prepare(`SELECT COALESCE(MAX(${minutes('max_time_last_accessed', 'max_time_last_accessed_type')}), 0)
    AS n FROM license_rules WHERE built_in = 0`);

  const one = (r: unknown): LicenseRuleRow | undefined => (r ? toRow(r as Raw) : undefined);
  return {
    transaction: <T>(fn: () => T): T => db.transaction(fn)(),
    all: (): LicenseRuleRow[] => (all.all() as Raw[]).map(toRow),
    byIid: (iid: number): LicenseRuleRow | undefined => one(byIid.get(iid)),
    byName: (name: string): LicenseRuleRow | undefined => one(byName.get(name)),
    byPrincipal: (name: string): LicenseRuleRow | undefined => one(byPrincipal.get(name)),
    /** the user's or group's name as stored, or undefined when there is none of that name */
    principalName: (name: string): string | undefined =>
      (principal.get({ name }) as { name: string } | undefined)?.name,
    /** how long the user's licence may live and stay idle, in minutes, when a rule applies to them */
    limitsFor: (userId: number): { lifeMinutes: number; idleMinutes: number } | undefined =>
      limitsFor.get({ user: userId }) as { lifeMinutes: number; idleMinutes: number } | undefined,
    /** the longest idle time of any rule but the built-ins, in minutes; 0 when there is none */
    longestIdleMinutes: (): number => (longestIdle.get() as { n: number }).n,
    insert: (row: Omit<LicenseRuleRow, 'iid' | 'builtIn'>): number => Number(insert.run(row).lastInsertRowid),
    update: (row: Omit<LicenseRuleRow, 'builtIn'>): boolean => update.run(row).changes > 0,
    remove: (iid: number): boolean => remove.run(iid).changes > 0,
  };
}
export type LicenseRulesRepo = ReturnType<typeof createLicenseRulesRepo>;

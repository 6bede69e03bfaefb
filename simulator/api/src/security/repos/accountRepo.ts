// The signed-in user's own account (e-mail, password, delegation right) and their delegation:
// whether it is on, whom it names, who hears of it (decision 022).
import { LicenseType } from '@gs/contract/flags';
import type { Db } from '../../db/connection';

export interface AccountRow {
  id: number;
  name: string;
  email: string;
  licenseType: number;
  canDelegate: boolean;
}

export interface DelegationRow {
  active: boolean;
  delegates: string[];
  emails: string[];
}

export function createAccountRepo(db: Db) {
  const account = db.prepare(
    `SELECT id, name, email, license_type AS licenseType, can_delegate AS canDelegate FROM users WHERE id = ?`,
  );
  const emailOwner = db.prepare(
    `SELECT id FROM users WHERE email <> '' AND lower(email) = lower(?) AND id <> ? LIMIT 1`,
  );
  const setHash = db.prepare(`UPDATE users SET password_hash = ? WHERE id = ?`);
  const setEmail = db.prepare(`UPDATE users SET email = ? WHERE id = ?`);
  // who may be a delegate: another Square 9 user whose licence is not read-only
  const others = db.prepare(
    `SELECT name FROM users WHERE id <> ? AND is_external = 0 AND license_type <> ${LicenseType.ReadOnly} ORDER BY name`,
  );
  const userByName = db.prepare(`SELECT id, name, license_type AS licenseType FROM users WHERE name = ?`);
  const delegation = db.prepare(`SELECT active, emails FROM delegations WHERE user_id = ?`);
  const delegatesOf = db.prepare(
    `SELECT u.name FROM delegates d JOIN users u ON u.id = d.delegate_id WHERE d.user_id = ? ORDER BY u.name`,
  );
  const upsert = db.prepare(
    `INSERT INTO delegations(user_id, active, emails) VALUES (?, ?, ?)
     ON CONFLICT(user_id) DO UPDATE SET active = excluded.active, emails = excluded.emails`,
  );
  const clearDelegates = db.prepare(`DELETE FROM delegates WHERE user_id = ?`);
  const addDelegate = db.prepare(`INSERT OR IGNORE INTO delegates(user_id, delegate_id) VALUES (?, ?)`);
  const activeDelegators = db.prepare(
    `SELECT d.user_id AS id FROM delegates d JOIN delegations g ON g.user_id = d.user_id AND g.active = 1
     JOIN users u ON u.id = d.user_id AND u.can_delegate = 1
     WHERE d.delegate_id = ? ORDER BY d.user_id`,
  );

  return {
    account(userId: number): AccountRow | undefined {
      const r = account.get(userId) as
        (Omit<AccountRow, 'canDelegate'> & { canDelegate: number }) | undefined;
      return r && { ...r, canDelegate: r.canDelegate === 1 };
    },
    /** another user holds this address (case-insensitively) */
    emailTaken(email: string, exceptUserId: number): boolean {
      return emailOwner.get(email, exceptUserId) !== undefined;
    },
    /** one transaction: the new hash and, when given, the new address */
    changePassword(userId: number, hash: string, email: string | undefined): void {
      db.transaction(() => {
        setHash.run(hash, userId);
        if (email !== undefined) setEmail.run(email, userId);
      })();
    },
    /** the users this one may name as delegates */
    otherUserNames(userId: number): string[] {
      return (others.all(userId) as { name: string }[]).map((r) => r.name);
    },
    userIdByName(name: string): { id: number; name: string; licenseType: number } | undefined {
      return userByName.get(name) as { id: number; name: string; licenseType: number } | undefined;
    },
    delegation(userId: number): DelegationRow {
      const row = delegation.get(userId) as { active: number; emails: string } | undefined;
      const delegates = (delegatesOf.all(userId) as { name: string }[]).map((r) => r.name);
      return {
        active: row?.active === 1,
        delegates,
        emails: row ? (JSON.parse(row.emails) as string[]) : [],
      };
    },
    /** one transaction: the switch, the e-mail set and the whole delegate list */
    saveDelegation(userId: number, active: boolean, delegateIds: number[], emails: string[]): void {
      db.transaction(() => {
        upsert.run(userId, +active, JSON.stringify(emails));
        clearDelegates.run(userId);
        for (const id of delegateIds) addDelegate.run(userId, id);
      })();
    },
    /** ids of the users (allowed to delegate, delegation on) who name this user as a delegate */
    activeDelegatorsOf(delegateId: number): number[] {
      return (activeDelegators.all(delegateId) as { id: number }[]).map((r) => r.id);
    },
  };
}
export type AccountRepo = ReturnType<typeof createAccountRepo>;

// Licence policy: per-user licences, seats per licence type, idle expiry by the injected clock.
// Every decision that reads seats and writes a licence runs in one transaction.
import { randomUUID } from 'node:crypto';
import type { License } from '@gs/contract/licenses';
import type { Clock } from '../clock';
import type { LicenseRow, LicensesRepo } from '../db/licensesRepo';
import type { UserRow } from '../db/usersRepo';
import { toDotNetDate } from '../http/dates';

/** `idle`: expired by the idle timeout (else only deactivated by the licence manager). */
export type TokenState =
  | { kind: 'live'; row: LicenseRow }
  | { kind: 'expired'; row: LicenseRow; idle: boolean }
  | { kind: 'unknown' };

export function toLicense(row: LicenseRow): License {
  return {
    Username: row.username,
    Domain: row.domain,
    AuthServer: '',
    Type: row.type,
    IPAddress: row.ipAddress,
    DateCreated: toDotNetDate(row.createdAt),
    DateAccessed: toDotNetDate(row.accessedAt),
    Token: row.token,
    Reg: row.reg,
    Active: row.active,
  };
}

/**
 * Licence rules (admin/licenserules, decision 019): how long the licences of a user may live and
 * stay idle when a rule names them or one of their groups; the server's idle time otherwise.
 */
export interface LicenseRuleLimits {
  limitsFor(userId: number): { lifeMinutes: number; idleMinutes: number } | undefined;
  /** the longest idle time of any rule, in minutes; 0 when there is none */
  longestIdleMinutes(): number;
}

const NO_RULES: LicenseRuleLimits = { limitsFor: () => undefined, longestIdleMinutes: () => 0 };

export function createLicensing(
  licenses: LicensesRepo,
  clock: Clock,
  idleMinutes: number,
  rules: LicenseRuleLimits = NO_RULES,
) {
  const idleMs = idleMinutes * 60_000;
  /** the licence outlived its rule's life or idle time, or the server's idle time */
  const timedOut = (row: LicenseRow): boolean => {
    const now = clock.now();
    const limits = rules.limitsFor(row.userId);
    if (!limits) return row.accessedAt < now - idleMs;
    return (
      row.accessedAt < now - limits.idleMinutes * 60_000 || row.createdAt < now - limits.lifeMinutes * 60_000
    );
  };
  const isLive = (row: LicenseRow): boolean => row.active && !timedOut(row);
  /**
   * What the repo's queries may skip as surely idle: the server's idle time, or a rule's when
   * longer. `exact` says whether that is all (no rules): else each row is checked with isLive.
   */
  const window = (): { cutoff: number; exact: boolean } => {
    const longest = rules.longestIdleMinutes() * 60_000;
    return { cutoff: clock.now() - Math.max(idleMs, longest), exact: longest === 0 };
  };
  const liveForUser = (userId: number): LicenseRow | undefined => {
    const held = licenses.liveForUser(userId, window().cutoff);
    return held && isLive(held) ? held : undefined;
  };
  const countLive = (type: UserRow['licenseType']): number => {
    const w = window();
    if (w.exact) return licenses.countLive(type, w.cutoff);
    return licenses.allLive(w.cutoff).filter((r) => r.type === type && isLive(r)).length;
  };

  const refresh = (row: LicenseRow): LicenseRow => {
    const now = clock.now();
    licenses.touch(row.token, now);
    return { ...row, accessedAt: now };
  };

  return {
    state(token: string): TokenState {
      const row = licenses.byToken(token);
      if (!row) return { kind: 'unknown' };
      return isLive(row) ? { kind: 'live', row } : { kind: 'expired', row, idle: timedOut(row) };
    },

    /** a use of a live licence keeps it alive */
    touch(row: LicenseRow): LicenseRow {
      return licenses.transaction(() => refresh(row));
    },

    /**
     * The user's licence: their live one if they hold one (per-user licensing), else a new one
     * when a seat of their licence type is free; undefined when every seat is taken.
     */
    obtain(user: UserRow, ipAddress: string): LicenseRow | undefined {
      return licenses.transaction(() => {
        const held = liveForUser(user.id);
        if (held) return refresh(held);
        if (countLive(user.licenseType) >= licenses.seats(user.licenseType)) return undefined;
        const token = randomUUID();
        licenses.insert({ token, userId: user.id, type: user.licenseType, ipAddress, now: clock.now() });
        return licenses.byToken(token);
      });
    },

    release(token: string): boolean {
      return licenses.transaction(() => licenses.remove(token));
    },

    allLive(): LicenseRow[] {
      const w = window();
      const rows = licenses.allLive(w.cutoff);
      return w.exact ? rows : rows.filter(isLive);
    },

    /**
     * License manager removal. forceLogout deletes the licence, so the holder's next call is
     * refused and they must sign in again; without it the licence is only deactivated (GS 6.1),
     * which frees the seat and lets the holder's keep-alive take a new one when a seat is free.
     */
    revoke(token: string, forceLogout: boolean): boolean {
      return licenses.transaction(() => (forceLogout ? licenses.remove(token) : licenses.deactivate(token)));
    },
    revokeAllBut(keep: string, forceLogout: boolean): number {
      return licenses.transaction(() =>
        forceLogout ? licenses.removeAllBut(keep) : licenses.deactivateAllBut(keep),
      );
    },
  };
}
export type Licensing = ReturnType<typeof createLicensing>;

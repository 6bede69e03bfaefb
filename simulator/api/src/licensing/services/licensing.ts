// Licence policy: a token per sign-in, seats counted per user (a user with five live tokens holds
// one seat), seats per licence type, idle expiry per token by the injected clock (decision 056).
// Every decision that reads seats and writes a licence runs in one transaction.
import { createHash, randomUUID } from 'node:crypto';
import type { License } from '@gs/contract/licenses';
import type { Clock } from '../../clock';
import type { LicenseRow, LicensesRepo } from '../repos/licensesRepo';
import type { UserRow } from '../../security/repos/usersRepo';
import { toDotNetDate } from '../../lib/dates';

/** `idle`: expired by the idle timeout (else only deactivated by the licence manager). */
export type TokenState =
  | { kind: 'live'; row: LicenseRow }
  | { kind: 'expired'; row: LicenseRow; idle: boolean }
  | { kind: 'unknown' };

/**
 * The ticks below the millisecond of a licence's date: a real server's DateTime.Now has seven
 * fractional digits, ours milliseconds. Derived from the token and the instant, so the same
 * stored date always reads the same (decision 056).
 */
const ticksOf = (token: string, epochMs: number): number =>
  createHash('sha256').update(`${token}:${epochMs}`).digest().readUInt16BE(0) % 10_000;
const licenseDate = (token: string, epochMs: number): string =>
  toDotNetDate(epochMs, ticksOf(token, epochMs));

export function toLicense(row: LicenseRow): License {
  return {
    Username: row.username,
    Domain: row.domain,
    AuthServer: '',
    Type: row.type,
    IPAddress: row.ipAddress,
    DateCreated: licenseDate(row.token, row.createdAt),
    DateAccessed: licenseDate(row.token, row.accessedAt),
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

/**
 * How far a licence's access time may lag behind its last use (decision 078): a busy token is not
 * written on every request. Its idle expiry may come this much sooner; the timeout is in minutes.
 */
export const TOUCH_RESOLUTION_MS = 5_000;

/** how long a licence past its idle time is still known (as expired) before it is removed */
export const FORGET_AFTER_MS = 24 * 60 * 60_000;

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
  const holdsSeat = (userId: number): boolean => licenses.liveForUser(userId, window().cutoff).some(isLive);
  /** users holding a live licence of the type: the seats in use */
  const seatsInUse = (type: UserRow['licenseType']): number => {
    const w = window();
    if (w.exact) return licenses.countLiveUsers(type, w.cutoff);
    const live = licenses.allLive(w.cutoff).filter((r) => r.type === type && isLive(r));
    return new Set(live.map((r) => r.userId)).size;
  };
  /** the user already holds a seat, or one of their type is free */
  const seatFor = (user: { id: number; licenseType: UserRow['licenseType'] }): boolean =>
    holdsSeat(user.id) || seatsInUse(user.licenseType) < licenses.seats(user.licenseType);

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

    /**
     * A use of a live licence keeps it alive. Its access time is written at most once per
     * TOUCH_RESOLUTION_MS (decision 078): a token used again within that keeps the time written.
     */
    touch(row: LicenseRow): LicenseRow {
      const since = clock.now() - row.accessedAt;
      if (since >= 0 && since < TOUCH_RESOLUTION_MS) return row;
      return licenses.transaction(() => refresh(row));
    },

    /**
     * A new licence (token) for this sign-in: the user's seat if they hold one already (their other
     * tokens stay as they are), else a free seat of their licence type; undefined when every seat
     * is taken by other users.
     */
    obtain(user: UserRow, ipAddress: string): LicenseRow | undefined {
      return licenses.transaction(() => {
        // a token per sign-in adds up: one unused for a day past its idle time is forgotten (its
        // holder then hears "denied" rather than LicenseExpired; both end the session)
        licenses.purgeUnusedSince(window().cutoff - FORGET_AFTER_MS);
        if (!seatFor(user)) return undefined;
        const token = randomUUID();
        licenses.insert({ token, userId: user.id, type: user.licenseType, ipAddress, now: clock.now() });
        return licenses.byToken(token);
      });
    },

    /**
     * The keep-alive of a token the licence manager deactivated (GS 6.1): the same token live again
     * when its user holds a seat or one is free; undefined otherwise.
     */
    reactivate(row: LicenseRow, user: UserRow): LicenseRow | undefined {
      return licenses.transaction(() => {
        if (!seatFor(user)) return undefined;
        licenses.reactivate(row.token, clock.now());
        return licenses.byToken(row.token);
      });
    },

    /** one token; the user's other tokens (and so their seat) stay */
    release(token: string): boolean {
      return licenses.transaction(() => licenses.remove(token));
    },

    allLive(): LicenseRow[] {
      const w = window();
      const rows = licenses.allLive(w.cutoff);
      return w.exact ? rows : rows.filter(isLive);
    },

    /**
     * License manager removal of a seat: every token of the user holding `token`. forceLogout
     * deletes them, so the holder's next call is refused and they must sign in again; without it
     * they are only deactivated (GS 6.1), which frees the seat and lets a keep-alive take it again
     * when a seat is free. False when no such token.
     */
    revoke(token: string, forceLogout: boolean): boolean {
      return licenses.transaction(() => {
        const row = licenses.byToken(token);
        if (!row) return false;
        if (forceLogout) licenses.removeUser(row.userId);
        else licenses.deactivateUser(row.userId);
        return true;
      });
    },
    /** every seat but the one of user `keep` (null: every seat) */
    revokeAllBut(keep: number | null, forceLogout: boolean): number {
      return licenses.transaction(() =>
        forceLogout ? licenses.removeAllButUser(keep) : licenses.deactivateAllButUser(keep),
      );
    },
  };
}
export type Licensing = ReturnType<typeof createLicensing>;

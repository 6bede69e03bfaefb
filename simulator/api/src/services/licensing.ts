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

export function createLicensing(licenses: LicensesRepo, clock: Clock, idleMinutes: number) {
  const idleMs = idleMinutes * 60_000;
  const cutoff = (): number => clock.now() - idleMs;
  const isLive = (row: LicenseRow): boolean => row.active && row.accessedAt >= cutoff();

  const refresh = (row: LicenseRow): LicenseRow => {
    const now = clock.now();
    licenses.touch(row.token, now);
    return { ...row, accessedAt: now };
  };

  return {
    state(token: string): TokenState {
      const row = licenses.byToken(token);
      if (!row) return { kind: 'unknown' };
      return isLive(row) ? { kind: 'live', row } : { kind: 'expired', row, idle: row.accessedAt < cutoff() };
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
        const held = licenses.liveForUser(user.id, cutoff());
        if (held) return refresh(held);
        if (licenses.countLive(user.licenseType, cutoff()) >= licenses.seats(user.licenseType))
          return undefined;
        const token = randomUUID();
        licenses.insert({ token, userId: user.id, type: user.licenseType, ipAddress, now: clock.now() });
        return licenses.byToken(token);
      });
    },

    release(token: string): boolean {
      return licenses.transaction(() => licenses.remove(token));
    },

    allLive(): LicenseRow[] {
      return licenses.allLive(cutoff());
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

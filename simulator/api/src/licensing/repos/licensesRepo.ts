// Licences (session tokens) and seats. A licence is live while active and used within the idle
// window; callers pass the cutoff (now - idle) so the repo stays free of policy and clocks.
// A user may hold several tokens (one per sign-in); a seat is a user with a live token (056).
import type { Db } from '../../db/connection';
import type { LicenseTypeCode } from '@gs/contract/flags';

export interface LicenseRow {
  token: string;
  userId: number;
  username: string;
  domain: string;
  type: LicenseTypeCode;
  ipAddress: string;
  createdAt: number;
  accessedAt: number;
  active: boolean;
  reg: number;
}

interface RawLicense {
  token: string;
  user_id: number;
  username: string;
  domain: string;
  type: LicenseTypeCode;
  ip_address: string;
  created_at: number;
  accessed_at: number;
  active: number;
  reg: number;
}

const toRow = (r: RawLicense): LicenseRow => ({
  token: r.token,
  userId: r.user_id,
  username: r.username,
  domain: r.domain,
  type: r.type,
  ipAddress: r.ip_address,
  createdAt: r.created_at,
  accessedAt: r.accessed_at,
  active: r.active === 1,
  reg: r.reg,
});

const SELECT = `SELECT l.token, l.user_id, u.name AS username, u.domain, l.type, l.ip_address,
  l.created_at, l.accessed_at, l.active, l.reg FROM licenses l JOIN users u ON u.id = l.user_id`;
const LIVE = `l.active = 1 AND l.accessed_at >= @cutoff`;

export interface NewLicense {
  token: string;
  userId: number;
  type: LicenseTypeCode;
  ipAddress: string;
  now: number;
}

export function createLicensesRepo(db: Db) {
  const s = {
    byToken: db.prepare(`${SELECT} WHERE l.token = ?`),
    liveForUser: db.prepare(`${SELECT} WHERE l.user_id = @user AND ${LIVE} ORDER BY l.accessed_at DESC`),
    allLive: db.prepare(`${SELECT} WHERE ${LIVE} ORDER BY l.created_at, l.token`),
    countLiveUsers: db.prepare(
      `SELECT COUNT(DISTINCT l.user_id) AS n FROM licenses l WHERE l.type = @type AND ${LIVE}`,
    ),
    seats: db.prepare(`SELECT seats FROM license_seats WHERE type = ?`),
    setSeats: db.prepare(
      `INSERT INTO license_seats(type, seats) VALUES (?, ?) ON CONFLICT(type) DO UPDATE SET seats = excluded.seats`,
    ),
    insert:
      db.prepare(`INSERT INTO licenses(token, user_id, type, ip_address, created_at, accessed_at, active, reg)
      VALUES (@token, @userId, @type, @ipAddress, @now, @now, 1, 1)`),
    touch: db.prepare(`UPDATE licenses SET accessed_at = ? WHERE token = ?`),
    remove: db.prepare(`DELETE FROM licenses WHERE token = ?`),
    deactivate: db.prepare(`UPDATE licenses SET active = 0 WHERE token = ?`),
    reactivate: db.prepare(`UPDATE licenses SET active = 1, accessed_at = ? WHERE token = ?`),
    removeUser: db.prepare(`DELETE FROM licenses WHERE user_id = ?`),
    purgeUnusedSince: db.prepare(`DELETE FROM licenses WHERE accessed_at < ?`),
    deactivateUser: db.prepare(`UPDATE licenses SET active = 0 WHERE user_id = ?`),
    removeAllButUser: db.prepare(`DELETE FROM licenses WHERE user_id IS NOT ?`),
    deactivateAllButUser: db.prepare(`UPDATE licenses SET active = 0 WHERE user_id IS NOT ?`),
  };

  return {
    /** run `fn` as one transaction (a licence decision reads seats and writes atomically) */
    transaction<T>(fn: () => T): T {
      return db.transaction(fn)();
    },
    byToken(token: string): LicenseRow | undefined {
      const r = s.byToken.get(token) as RawLicense | undefined;
      return r && toRow(r);
    },
    /** the user's licences within the idle window, the last used first */
    liveForUser(userId: number, cutoff: number): LicenseRow[] {
      return (s.liveForUser.all({ user: userId, cutoff }) as RawLicense[]).map(toRow);
    },
    allLive(cutoff: number): LicenseRow[] {
      return (s.allLive.all({ cutoff }) as RawLicense[]).map(toRow);
    },
    /** users holding a live licence of the type: the seats in use */
    countLiveUsers(type: LicenseTypeCode, cutoff: number): number {
      return (s.countLiveUsers.get({ type, cutoff }) as { n: number }).n;
    },
    /** seats of a licence type; a type with no row has none */
    seats(type: number): number {
      return (s.seats.get(type) as { seats: number } | undefined)?.seats ?? 0;
    },
    setSeats(type: number, seats: number): void {
      s.setSeats.run(type, seats);
    },
    insert(l: NewLicense): void {
      s.insert.run(l);
    },
    touch(token: string, now: number): void {
      s.touch.run(now, token);
    },
    remove(token: string): boolean {
      return s.remove.run(token).changes > 0;
    },
    deactivate(token: string): boolean {
      return s.deactivate.run(token).changes > 0;
    },
    reactivate(token: string, now: number): void {
      s.reactivate.run(now, token);
    },
    /** licences last used before `before` (epoch ms); returns how many */
    purgeUnusedSince(before: number): number {
      return s.purgeUnusedSince.run(before).changes;
    },
    /** every licence of a user; returns how many */
    removeUser(userId: number): number {
      return s.removeUser.run(userId).changes;
    },
    deactivateUser(userId: number): number {
      return s.deactivateUser.run(userId).changes;
    },
    /** every licence of every user but `keep` (null keeps none) */
    removeAllButUser(keep: number | null): number {
      return s.removeAllButUser.run(keep).changes;
    },
    deactivateAllButUser(keep: number | null): number {
      return s.deactivateAllButUser.run(keep).changes;
    },
  };
}
export type LicensesRepo = ReturnType<typeof createLicensesRepo>;

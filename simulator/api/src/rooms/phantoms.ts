// Phantom users for the licenses-exhausted training scenario (issue 18, our design): one user per
// seat of every licence type, each holding a live licence, so the next real sign-in of a user
// without a seat is refused with "All licenses are in use." (seats are counted per user, 056). They cannot sign in (no password verifies) and a keep-alive
// holds their licences live; the trainer page (or the licence manager) can release them.
import { randomUUID } from 'node:crypto';
import { LicenseType, type LicenseTypeCode } from '@gs/contract/flags';
import type { Db } from '../db/connection';

export const PHANTOM_PREFIX = 'phantom.';

const TYPE_NAMES: Record<LicenseTypeCode, string> = {
  [LicenseType.Full]: 'full',
  [LicenseType.WebEdit]: 'webedit',
  [LicenseType.ReadOnly]: 'readonly',
};

/** Take every free seat with a phantom user's licence; returns how many were taken. One transaction. */
export function fillEverySeat(db: Db, now: number): number {
  const seats = db.prepare(`SELECT seats FROM license_seats WHERE type = ?`).pluck();
  // a seat is a user, however many tokens they hold (decision 056)
  const inUse = db
    .prepare(`SELECT COUNT(DISTINCT user_id) FROM licenses WHERE type = ? AND active = 1`)
    .pluck();
  const findUser = db.prepare(`SELECT id FROM users WHERE name = ?`).pluck();
  // '-' is no "salt:hash": no password ever verifies against it
  const addUser = db.prepare(`INSERT INTO users(name, password_hash, license_type) VALUES (?, '-', ?)`);
  const addLicense =
    db.prepare(`INSERT INTO licenses(token, user_id, type, ip_address, created_at, accessed_at)
    VALUES (?, ?, ?, ?, ?, ?)`);
  return db.transaction(() => {
    let taken = 0;
    for (const type of Object.values(LicenseType)) {
      const free = Number(seats.get(type) ?? 0) - Number(inUse.get(type));
      for (let n = 1; n <= free; n++) {
        const name = `${PHANTOM_PREFIX}${TYPE_NAMES[type]}.${n}`;
        const existing = findUser.get(name) as number | undefined;
        const userId = existing ?? Number(addUser.run(name, type).lastInsertRowid);
        addLicense.run(randomUUID(), userId, type, `10.18.0.${n}`, now, now);
        taken += 1;
      }
    }
    return taken;
  })();
}

/** Keep the phantoms' licences live (the idle timeout would free their seats). */
export function touchPhantoms(db: Db, now: number): void {
  db.prepare(
    `UPDATE licenses SET accessed_at = ? WHERE active = 1
       AND user_id IN (SELECT id FROM users WHERE name LIKE '${PHANTOM_PREFIX}%')`,
  ).run(now);
}

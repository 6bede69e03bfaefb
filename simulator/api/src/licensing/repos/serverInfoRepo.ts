// Facts about the server itself: its registration (settings `registration.*`), its licensed
// features (settings `feature.<code>`, what `admin?feature=` counts) and the SQL instances its
// databases live on.
import type { Db } from '../../db/connection';

export interface RegistrationRow {
  serial: string;
  number: string;
  /** '' while unregistered, 'Web' or 'Manual' */
  type: string;
}

const KEYS = { serial: 'registration.serial', number: 'registration.number', type: 'registration.type' };

export function createServerInfoRepo(db: Db) {
  const get = db.prepare(`SELECT value FROM settings WHERE key = ?`);
  const set = db.prepare(`INSERT INTO settings(key, value) VALUES (?, ?)
    ON CONFLICT(key) DO UPDATE SET value = excluded.value`);
  const features = db.prepare(`SELECT substr(key, 9) AS code, value FROM settings
    WHERE key LIKE 'feature.%' ORDER BY key`);
  const servers = db.prepare(`SELECT DISTINCT server FROM databases ORDER BY server COLLATE NOCASE`);
  const value = (key: string): string => (get.get(key) as { value: string } | undefined)?.value ?? '';

  return {
    transaction: <T>(fn: () => T): T => db.transaction(fn)(),
    registration: (): RegistrationRow => ({
      serial: value(KEYS.serial),
      number: value(KEYS.number),
      type: value(KEYS.type),
    }),
    setRegistration(row: RegistrationRow): void {
      set.run(KEYS.serial, row.serial);
      set.run(KEYS.number, row.number);
      set.run(KEYS.type, row.type);
    },
    features: (): { code: string; value: string }[] => features.all() as { code: string; value: string }[],
    /** the SQL instances named by the databases */
    servers: (): string[] => (servers.all() as { server: string }[]).map((r) => r.server),
  };
}
export type ServerInfoRepo = ReturnType<typeof createServerInfoRepo>;

// Key/value settings of the server (feature licence counts, the secure-id secret, the password rule).
import type { Db } from '../../db/connection';

export function createSettingsRepo(db: Db) {
  const get = db.prepare(`SELECT value FROM settings WHERE key = ?`);
  const set = db.prepare(`INSERT INTO settings(key, value) VALUES (?, ?)
    ON CONFLICT(key) DO UPDATE SET value = excluded.value`);
  return {
    get(key: string): string | undefined {
      return (get.get(key) as { value: string } | undefined)?.value;
    },
    set(key: string, value: string): void {
      set.run(key, value);
    },
  };
}
export type SettingsRepo = ReturnType<typeof createSettingsRepo>;

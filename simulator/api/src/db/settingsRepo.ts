// Key/value settings of the server (feature licence counts, the secure-id secret).
import type { Db } from './connection';

export function createSettingsRepo(db: Db) {
  const get = db.prepare(`SELECT value FROM settings WHERE key = ?`);
  return {
    get(key: string): string | undefined {
      return (get.get(key) as { value: string } | undefined)?.value;
    },
  };
}
export type SettingsRepo = ReturnType<typeof createSettingsRepo>;

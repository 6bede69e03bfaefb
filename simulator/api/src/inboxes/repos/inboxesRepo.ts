// Inboxes (folders of loose files under `${dataDir}/inboxes/<path>`) and their grants to a user
// and their groups. SQLite has no bitwise-OR aggregate, so grants are OR-ed here.
import type { Db } from '../../db/connection';
import { PRINCIPALS_CTE } from '../../security/repos/usersRepo';

export interface InboxRow {
  id: number;
  name: string;
  /** folder relative to `${dataDir}/inboxes` */
  path: string;
}

export function createInboxesRepo(db: Db) {
  const all = db.prepare(`SELECT id, name, path FROM inboxes ORDER BY name`);
  const byId = db.prepare(`SELECT id, name, path FROM inboxes WHERE id = ?`);
  const grants = db.prepare(`${PRINCIPALS_CTE}
    SELECT s.inbox_id AS key, s.permissions AS bits FROM inbox_security s
    JOIN me ON me.principal_type = s.principal_type AND me.principal_id = s.principal_id`);
  return {
    all: (): InboxRow[] => all.all() as InboxRow[],
    byId: (id: number): InboxRow | undefined => byId.get(id) as InboxRow | undefined,
    /** inbox id -> OR of the permissions granted to the user and their groups */
    permissions(userId: number): Map<number, number> {
      const out = new Map<number, number>();
      for (const r of grants.all({ user: userId }) as { key: number; bits: number }[])
        out.set(r.key, (out.get(r.key) ?? 0) | r.bits);
      return out;
    },
  };
}
export type InboxesRepo = ReturnType<typeof createInboxesRepo>;

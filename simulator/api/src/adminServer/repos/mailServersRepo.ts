// Mail server settings (admin-spec §7 `admin/notifications`): row 0 is the server's own, a
// database's row overrides it for that database. The password is kept to send mail, never read
// back by the API (decision 017).
import type { Db } from '../../db/connection';

export interface MailServerRow {
  server: string;
  port: number;
  userName: string;
  password: string;
}

/** The database id of the server's own settings. */
export const SERVER_MAIL = 0;

export function createMailServersRepo(db: Db) {
  const get = db.prepare(`SELECT server, port, user_name AS userName, password FROM mail_servers
    WHERE database_id = ?`);
  const put = db.prepare(`INSERT INTO mail_servers(database_id, server, port, user_name, password)
    VALUES (@databaseId, @server, @port, @userName, @password)
    ON CONFLICT(database_id) DO UPDATE SET server = excluded.server, port = excluded.port,
      user_name = excluded.user_name, password = excluded.password`);
  return {
    transaction: <T>(fn: () => T): T => db.transaction(fn)(),
    /** the settings of `databaseId` (0: the server's), if any were saved */
    get(databaseId: number): MailServerRow | undefined {
      return get.get(databaseId) as MailServerRow | undefined;
    },
    put(databaseId: number, row: MailServerRow): void {
      put.run({ databaseId, ...row });
    },
  };
}
export type MailServersRepo = ReturnType<typeof createMailServersRepo>;

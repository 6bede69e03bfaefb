// Following a running import (admin-spec §4, §9): the log is read every second until the job
// ends, and a keep-alive request goes every 45 s meanwhile (GET admin/FullAdminPackage: the
// caller's session and staged package stay in use; our design, decision 032).
import { IMPORT_KEEPALIVE_MS, type ImportLog } from '@gs/contract/admin/packages';
import { getImportLog, getPackageInfo } from '../../../api/adminPackages';
import type { Http } from '../../../api/http';

export const IMPORT_POLL_MS = 1000;

export interface FollowOptions {
  pollMs?: number;
  keepAliveMs?: number;
  /** false stops following (the wizard was left); the last log read is answered */
  alive?: () => boolean;
}

export async function followImport(
  http: Http,
  logId: string,
  options: FollowOptions = {},
): Promise<ImportLog> {
  const { pollMs = IMPORT_POLL_MS, keepAliveMs = IMPORT_KEEPALIVE_MS, alive = () => true } = options;
  const keepAlive = setInterval(() => void getPackageInfo(http).catch(() => undefined), keepAliveMs);
  try {
    let log = await getImportLog(http, logId);
    while (log.Status === 'Running' && alive()) {
      await new Promise((r) => setTimeout(r, pollMs));
      log = await getImportLog(http, logId);
    }
    return log;
  } finally {
    clearInterval(keepAlive);
  }
}

// Following a running import (admin-spec §4, §9): the log is read every second until the job
// ends, and a keep-alive request goes every 45 s meanwhile (GET admin/FullAdminPackage: the
// caller's session and staged package stay in use; our design, decision 032).
import { IMPORT_KEEPALIVE_MS, type ImportLog } from '@gs/contract/admin/packages';
import { getImportLog, getPackageInfo } from '../../../api/adminPackages';
import { pause, type Http } from '../../../api/http';

export const IMPORT_POLL_MS = 1000;

export interface FollowOptions {
  pollMs?: number;
  keepAliveMs?: number;
  /** aborted when the wizard is left: following stops with an AbortError, the keep-alive too */
  signal?: AbortSignal;
}

export async function followImport(
  http: Http,
  logId: string,
  options: FollowOptions = {},
): Promise<ImportLog> {
  const { pollMs = IMPORT_POLL_MS, keepAliveMs = IMPORT_KEEPALIVE_MS, signal } = options;
  const keepAlive = setInterval(() => void getPackageInfo(http, signal).catch(() => undefined), keepAliveMs);
  try {
    let log = await getImportLog(http, logId, signal);
    while (log.Status === 'Running') {
      await pause(pollMs, signal);
      log = await getImportLog(http, logId, signal);
    }
    return log;
  } finally {
    clearInterval(keepAlive);
  }
}

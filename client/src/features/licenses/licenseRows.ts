// The license manager's rows from the server's License objects: .NET dates (up to seven
// fractional digits, a UTC offset) read as instants, idle time in whole minutes.
import type { License } from '@gs/contract/licenses';

/** "2022-03-26T14:57:06.9712345-04:00" → epoch ms; null when it does not parse. */
export function parseDotNetDate(text: string): number | null {
  const trimmed = text.trim().replace(/(\.\d{3})\d+/, '$1');
  const ms = Date.parse(trimmed);
  return Number.isNaN(ms) ? null : ms;
}

export interface LicenseRow {
  token: string;
  user: string;
  type: number;
  ip: string;
  created: number | null;
  accessed: number | null;
  idleMinutes: number | null;
  mine: boolean;
}

export function licenseRows(licenses: readonly License[], now: number, myToken: string | null): LicenseRow[] {
  return licenses.map((l) => {
    const accessed = parseDotNetDate(l.DateAccessed);
    return {
      token: l.Token,
      user: l.Domain ? `${l.Domain}\\${l.Username}` : l.Username,
      type: l.Type,
      ip: l.IPAddress,
      created: parseDotNetDate(l.DateCreated),
      accessed,
      idleMinutes: accessed === null ? null : Math.max(0, Math.floor((now - accessed) / 60_000)),
      mine: l.Token === myToken,
    };
  });
}

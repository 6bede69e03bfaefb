// The license manager's rows from the server's License objects: one row per user (a user holds
// one seat however many sign-ins, decision 056) with their sessions, .NET dates (up to seven
// fractional digits, a UTC offset) read as instants, idle time in whole minutes.
import type { License } from '@gs/contract/licenses';

/** "2022-03-26T14:57:06.9712345-04:00" → epoch ms; null when it does not parse. */
export function parseDotNetDate(text: string): number | null {
  const trimmed = text.trim().replace(/(\.\d{3})\d+/, '$1');
  const ms = Date.parse(trimmed);
  return Number.isNaN(ms) ? null : ms;
}

export interface LicenseRow {
  /** every token (sign-in) of the user; releasing the row releases them all */
  tokens: string[];
  user: string;
  type: number;
  /** the addresses of the sessions, the last used first */
  ip: string;
  /** the first sign-in */
  created: number | null;
  /** the last use of any session */
  accessed: number | null;
  idleMinutes: number | null;
  sessions: number;
  /** one of the sessions is the caller's own */
  mine: boolean;
}

const latest = (a: number | null, b: number | null): number | null =>
  a === null ? b : b === null ? a : Math.max(a, b);
const earliest = (a: number | null, b: number | null): number | null =>
  a === null ? b : b === null ? a : Math.min(a, b);

export function licenseRows(licenses: readonly License[], now: number, myToken: string | null): LicenseRow[] {
  const byUser = new Map<string, License[]>();
  for (const l of licenses) {
    const key = `${l.Domain}\\${l.Username}`.toLowerCase();
    byUser.set(key, [...(byUser.get(key) ?? []), l]);
  }
  return [...byUser.values()].map((held) => {
    const sorted = [...held].sort(
      (a, b) => (parseDotNetDate(b.DateAccessed) ?? 0) - (parseDotNetDate(a.DateAccessed) ?? 0),
    );
    const last = sorted[0] as License;
    const accessed = sorted.map((l) => parseDotNetDate(l.DateAccessed)).reduce(latest, null);
    return {
      tokens: sorted.map((l) => l.Token),
      user: last.Domain ? `${last.Domain}\\${last.Username}` : last.Username,
      type: last.Type,
      ip: [...new Set(sorted.map((l) => l.IPAddress))].join(', '),
      created: sorted.map((l) => parseDotNetDate(l.DateCreated)).reduce(earliest, null),
      accessed,
      idleMinutes: accessed === null ? null : Math.max(0, Math.floor((now - accessed) / 60_000)),
      sessions: sorted.length,
      mine: sorted.some((l) => l.Token === myToken),
    };
  });
}

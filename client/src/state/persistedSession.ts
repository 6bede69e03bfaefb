// Where the session survives a reload: localStorage (`session`) and the `sstoken` cookie the
// server itself also sets. Both are cleared on sign-out.
import { TOKEN_COOKIE, USER_COOKIE } from '@gs/contract/licenses';
import type { LicenseTypeCode } from '@gs/contract/flags';
import { deleteCookie, readCookie, writeCookie } from '../lib/cookies';
import { readLocal, removeLocal, writeLocal } from '../lib/storage';

export interface Session {
  token: string;
  /** '' until the server tells us (a token adopted from the address) */
  username: string;
  licenseType: LicenseTypeCode | null;
  /** when this sign-in began: identifies the session across token switches */
  since: number;
}

export const SESSION_KEY = 'session';

const isLicenseType = (value: unknown): value is LicenseTypeCode => value === 1 || value === 2 || value === 4;

export function readStoredSession(): Session | null {
  const raw = readLocal(SESSION_KEY);
  if (raw) {
    try {
      const parsed: unknown = JSON.parse(raw);
      if (
        parsed &&
        typeof parsed === 'object' &&
        'token' in parsed &&
        typeof parsed.token === 'string' &&
        parsed.token
      ) {
        const p = parsed as Partial<Session>;
        return {
          token: parsed.token,
          username: typeof p.username === 'string' ? p.username : '',
          licenseType: isLicenseType(p.licenseType) ? p.licenseType : null,
          since: typeof p.since === 'number' ? p.since : Date.now(),
        };
      }
    } catch {
      // A damaged entry counts as no session.
    }
  }
  const cookieToken = readCookie(TOKEN_COOKIE);
  if (!cookieToken) return null;
  return {
    token: cookieToken,
    username: readCookie(USER_COOKIE) ?? '',
    licenseType: null,
    since: Date.now(),
  };
}

export function writeStoredSession(session: Session): void {
  writeLocal(SESSION_KEY, JSON.stringify(session));
  writeCookie(TOKEN_COOKIE, session.token);
}

export function clearStoredSession(): void {
  removeLocal(SESSION_KEY);
  deleteCookie(TOKEN_COOKIE);
}

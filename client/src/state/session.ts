// Session atoms: who is signed in with which licence token, and why a session ended.
import { atom } from 'jotai';
import type { License } from '@gs/contract/licenses';
import type { LicenseLoss } from '../api/licenseErrors';
import { clearQueriesAtom } from '../api/queryClient';
import { clearStoredSession, writeStoredSession, type Session } from './persistedSession';

export type { Session } from './persistedSession';

export const sessionAtom = atom<Session | null>(null);

/** Why the last session ended: the server ended it (licence expired, seats gone) or the user
 * signed out. The signed-in screens' guard reads it to pick where to go. */
export type SessionEnd = { reason: LicenseLoss } | { reason: 'logout'; licenseReturned: boolean };

export const sessionEndAtom = atom<SessionEnd | null>(null);

/** Identifies one sign-in; unchanged by keep-alive token switches, so server data is not refetched. */
export const sessionKeyAtom = atom((get) => {
  const session = get(sessionAtom);
  return session ? `${session.since}` : null;
});

export const isSignedInAtom = atom((get) => get(sessionAtom) !== null);

/** True while the licence is being returned: the keep-alive pauses and late failures are ignored. */
export const signingOutAtom = atom(false);

const licenseSession = (license: License, since: number, fallbackUser = ''): Session => ({
  token: license.Token,
  username: license.Username || fallbackUser,
  licenseType: license.Type ?? null,
  since,
});

/** After a successful `GET licenses` with credentials. */
export const signInAtom = atom(null, (_get, set, license: License, typedUsername: string) => {
  const session = licenseSession(license, Date.now(), typedUsername);
  writeStoredSession(session);
  set(clearQueriesAtom);
  set(sessionEndAtom, null);
  set(sessionAtom, session);
});

/** A token handed over in the address (`?token=`): the user is not known until the first renewal. */
export const adoptTokenAtom = atom(null, (get, set, token: string) => {
  const current = get(sessionAtom);
  if (current?.token === token) return;
  const session: Session = { token, username: '', licenseType: null, since: Date.now() };
  writeStoredSession(session);
  set(sessionAtom, session);
});

/** A renewal answered: switch to the returned token and learn the user and licence type. */
export const renewSessionAtom = atom(null, (get, set, license: License) => {
  const current = get(sessionAtom);
  if (!current || !license.Token) return;
  const next: Session = {
    ...current,
    token: license.Token,
    username: license.Username || current.username,
    licenseType: license.Type ?? current.licenseType,
  };
  if (
    next.token === current.token &&
    next.username === current.username &&
    next.licenseType === current.licenseType
  ) {
    return;
  }
  writeStoredSession(next);
  set(sessionAtom, next);
});

/** Forget the session locally (the licence is released, or already dead). */
export const clearSessionAtom = atom(null, (_get, set) => {
  clearStoredSession();
  set(clearQueriesAtom);
  set(sessionAtom, null);
});

/** The server ended the session: forget it and remember why, for the login page. */
export const loseSessionAtom = atom(null, (get, set, loss: LicenseLoss) => {
  if (!get(sessionAtom) || get(signingOutAtom)) return;
  clearStoredSession();
  set(clearQueriesAtom);
  set(sessionAtom, null);
  set(sessionEndAtom, { reason: loss });
});

// Session actions that talk to the server: sign-out and "request a new licence".
import { atom } from 'jotai';
import { releaseLicense, renewLicense } from '../api/licenses';
import { httpAtom } from './environment';
import { clearSessionAtom, renewSessionAtom, sessionAtom, sessionEndAtom, signingOutAtom } from './session';

/**
 * Sign-out (spec §4): returns the licence (`DELETE licenses/{token}`, else `GET licenses/{token}`)
 * and forgets the session; the signed-in screens' guard then shows the signed-out page.
 */
export const logoutAtom = atom(null, async (get, set): Promise<void> => {
  const session = get(sessionAtom);
  set(signingOutAtom, true);
  let returned = false;
  try {
    if (session) {
      await releaseLicense(get(httpAtom), session.token);
      returned = true;
    }
  } catch {
    // The licence may already be gone; the session ends here either way.
  }
  set(sessionEndAtom, { reason: 'logout', licenseReturned: returned });
  set(clearSessionAtom);
  set(signingOutAtom, false);
});

/** Spec §4: "a new licence request re-fetches the token and reloads". */
export const requestNewLicenseAtom = atom(
  null,
  async (get, set, reload: () => void = () => window.location.reload()): Promise<void> => {
    const session = get(sessionAtom);
    if (!session) return;
    const license = await renewLicense(get(httpAtom), session.token);
    set(renewSessionAtom, license);
    reload();
  },
);

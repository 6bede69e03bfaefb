// Guards the signed-in screens: without a session, go to the login page (carrying why the
// session ended and where to come back to), or after a sign-out to the signed-out page.
import { useAtomValue } from 'jotai';
import { Navigate, Outlet, useLocation } from 'react-router';
import { ALL_LICENSES_IN_USE } from '@gs/contract/licenses';
import { loginPath, routes, signedOutPath } from '../../app/paths';
import { configAtom } from '../../state/environment';
import { sessionAtom, sessionEndAtom, type SessionEnd } from '../../state/session';

/**
 * A token the server no longer knows (`sessionGone`: an administrator released it in the license
 * manager, or it was removed) ends the licence as much as an expiry does: both show the
 * licence-expired sign-in (decision 023).
 */
export function loginPathFor(end: SessionEnd | null, redirectUrl: string): string {
  if (end?.reason === 'expired' || end?.reason === 'sessionGone')
    return loginPath({ redirectUrl, isLicenseExpired: true });
  if (end?.reason === 'allInUse') return loginPath({ redirectUrl, errorMessage: ALL_LICENSES_IN_USE });
  return loginPath({ redirectUrl });
}

export function RequireSession() {
  const session = useAtomValue(sessionAtom);
  const end = useAtomValue(sessionEndAtom);
  const { externalAuthProvider } = useAtomValue(configAtom);
  const location = useLocation();
  if (session) return <Outlet />;
  if (end?.reason === 'logout') {
    // With an external identity provider, signing out ends at the login page (spec §4).
    if (externalAuthProvider) return <Navigate replace to={routes.login} />;
    return <Navigate replace to={signedOutPath} state={{ licenseReturned: end.licenseReturned }} />;
  }
  return <Navigate replace to={loginPathFor(end, `${location.pathname}${location.search}`)} />;
}

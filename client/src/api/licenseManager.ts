// Square9API `LicenseManager`: the live licences, and releasing one or all (administrators of all
// databases). Releasing signs the holder out (forceLogout=true): their next call is refused.
import type { License } from '@gs/contract/licenses';
import { paths } from '@gs/contract/paths';
import { ApiError, type Http } from './http';

export function listLicenses(http: Http): Promise<License[]> {
  return http.request<License[]>(paths.licenseManager());
}

/**
 * A user's seat: each of their tokens. The simulator ends every session of the user at the first
 * (decision 056); a token already gone (404) counts as released, so a server that releases one
 * token at a time is served as well.
 */
export async function releaseUserLicenses(http: Http, userTokens: readonly string[]): Promise<void> {
  for (const userToken of userTokens) {
    try {
      await http.request<unknown>(paths.licenseManager(), {
        method: 'DELETE',
        query: { userToken, forceLogout: true },
      });
    } catch (e) {
      if (!(e instanceof ApiError && e.status === 404)) throw e;
    }
  }
}

/** Every licence but the caller's own. */
export async function releaseAllLicenses(http: Http): Promise<void> {
  await http.request<unknown>(paths.licenseManager(), {
    method: 'DELETE',
    query: { All: true, forceLogout: true },
  });
}

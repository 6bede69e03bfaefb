// Square9API `LicenseManager`: the live licences, and releasing one or all (administrators of all
// databases). Releasing signs the holder out (forceLogout=true): their next call is refused.
import type { License } from '@gs/contract/licenses';
import { paths } from '@gs/contract/paths';
import type { Http } from './http';

export function listLicenses(http: Http): Promise<License[]> {
  return http.request<License[]>(paths.licenseManager());
}

export async function releaseUserLicense(http: Http, userToken: string): Promise<void> {
  await http.request<unknown>(paths.licenseManager(), {
    method: 'DELETE',
    query: { userToken, forceLogout: true },
  });
}

/** Every licence but the caller's own. */
export async function releaseAllLicenses(http: Http): Promise<void> {
  await http.request<unknown>(paths.licenseManager(), {
    method: 'DELETE',
    query: { All: true, forceLogout: true },
  });
}

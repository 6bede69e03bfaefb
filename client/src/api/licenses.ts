// Square9API `licenses`: sign in (Basic), renew / keep alive (Token), release (sign out).
import type { License } from '@gs/contract/licenses';
import { paths } from '@gs/contract/paths';
import { basicAuthorization } from '../lib/base64';
import type { Http } from './http';

/** `GET licenses` with Basic credentials: takes a licence and returns it. */
export function obtainLicense(http: Http, username: string, password: string): Promise<License> {
  return http.request<License>(paths.licenses(), {
    headers: { Authorization: basicAuthorization(username, password) },
    auth: false,
    licenseCheck: false,
  });
}

/**
 * `GET licenses?Token=` renews the licence and returns it; the returned Token may differ from the
 * one sent, and then the caller must switch to it. `licenseCheck: false` for callers that handle
 * a dead token themselves (the /direct loader).
 */
export function renewLicense(http: Http, token: string, licenseCheck = true): Promise<License> {
  return http.request<License>(paths.licenses(), { query: { Token: token }, licenseCheck });
}

/** Returns the licence: `DELETE licenses/{token}`, falling back to `GET licenses/{token}`. */
export async function releaseLicense(http: Http, token: string): Promise<void> {
  try {
    await http.request<unknown>(paths.license(token), { method: 'DELETE', licenseCheck: false });
  } catch {
    await http.request<unknown>(paths.license(token), { licenseCheck: false });
  }
}

// The headers IIS/ASP.NET put on every Square9API response (wire doc §1, real-server trace), and
// CORS. The real server answers `Access-Control-Allow-Origin: *` to everyone; the simulator, as
// our design (decision 008), allows only the origins the deployment names (CORS_ORIGINS, default
// the origin `npm start` serves): such an origin gets itself back with `Vary: Origin` and the
// Allow-*/Expose headers, any other origin (and a request without Origin) gets no CORS header, so
// a page elsewhere cannot read the answers. `'*'` restores the real server's headers exactly.
// The preflight is answered here so no route has to know about OPTIONS.
import type { RequestHandler } from 'express';
import { TOKEN_RESPONSE_HEADER } from '@gs/contract/licenses';
import { SANDBOX } from './securityHeaders';

export const IIS_HEADERS: Readonly<Record<string, string>> = {
  'Cache-Control': 'no-cache',
  Pragma: 'no-cache',
  Expires: '-1',
  Server: 'Microsoft-IIS/10.0',
  'X-AspNet-Version': '4.0.30319',
  'X-Powered-By': 'ASP.NET',
};

/** The real server's CORS headers; an allowed origin replaces the `*` with itself. */
export const CORS_HEADERS: Readonly<Record<string, string>> = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Allow-Methods': 'GET,HEAD,POST,DEBUG,PUT,DELETE,PATCH,OPTIONS',
  'Access-Control-Allow-Headers':
    'Origin,X-Requested-With,Content-Type,Accept,Authorization,Auth-Token,Onedrive-Token',
  'Access-Control-Expose-Headers': TOKEN_RESPONSE_HEADER,
};

export const JSON_CONTENT_TYPE = 'application/json; charset=utf-8';

/** Origins allowed to read the API's answers, or `'*'` for anyone (the real server's way). */
export type CorsOrigins = readonly string[] | '*';

const canonical = (origin: string): string | undefined => {
  try {
    const url = new URL(origin.trim());
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.origin : undefined;
    // not an origin: none
  } catch {
    return undefined;
  }
};

/** The IIS headers, the CORS headers the request's Origin earns, and `Content-Security-Policy:
 * sandbox` (decision 043: no answer of the APIs, a file or not, runs script on our origin). */
export function apiHeaders(origins: CorsOrigins): RequestHandler {
  const allowed =
    origins === '*' ? undefined : new Set(origins.map(canonical).filter((o) => o !== undefined));
  return (req, res, next) => {
    res.set(IIS_HEADERS).set(SANDBOX);
    if (!allowed) res.set(CORS_HEADERS);
    else {
      res.vary('Origin');
      const origin = req.headers.origin;
      if (origin !== undefined && allowed.has(canonical(origin) ?? ''))
        res.set({ ...CORS_HEADERS, 'Access-Control-Allow-Origin': origin });
    }
    if (req.method === 'OPTIONS') {
      res.status(200).set('Content-Length', '0').end();
      return;
    }
    res.set('Content-Type', JSON_CONTENT_TYPE);
    next();
  };
}

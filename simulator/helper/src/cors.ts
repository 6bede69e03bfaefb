// CORS of the helper: only the origins the deployment names (CORS_ORIGINS, default the origin
// `npm start` serves the client on) may read its answers. Such an origin gets its own origin back
// with `Vary: Origin`, and `Access-Control-Allow-Private-Network: true` when Chromium's private
// network preflight asks for it; any other origin gets no CORS header at all, so a browser keeps
// the answer from the page. Requests without an Origin (curl, same-origin) are served as before.
// The value `*` is for the API only (decision 008): here it means the defaults (CORS_ORIGINS is
// parsed by the entry point: @gs/simulator-config, decision 060).
import type { RequestHandler } from 'express';
import { canonicalOrigin } from '@gs/simulator-config/forms';

/** `http://localhost:${port}` and `http://127.0.0.1:${port}`: where `npm start` serves the client. */
export const defaultOrigins = (port: number): string[] => [
  `http://localhost:${port}`,
  `http://127.0.0.1:${port}`,
];

/** An origin in its canonical form (scheme://host[:port], lower case, default port dropped). */
export { canonicalOrigin };

/** Whether an `Origin` header names one of the allowed origins (a missing one does not). */
export function originAllowed(allowedOrigins: readonly string[]): (origin: string | undefined) => boolean {
  const allowed = new Set(allowedOrigins.map((o) => canonicalOrigin(o)).filter((o) => o !== undefined));
  return (origin) => origin !== undefined && allowed.has(canonicalOrigin(origin) ?? '');
}

export function helperCors(allowedOrigins: readonly string[]): RequestHandler {
  const allowed = originAllowed(allowedOrigins);
  return (req, res, next) => {
    res.setHeader('Cache-Control', 'no-cache');
    res.setHeader('Vary', 'Origin');
    const origin = req.headers.origin;
    if (origin !== undefined && allowed(origin)) {
      res.setHeader('Access-Control-Allow-Origin', origin);
      res.setHeader('Access-Control-Allow-Methods', 'GET,POST,PUT,DELETE,OPTIONS');
      res.setHeader('Access-Control-Allow-Headers', 'Content-Type,Auth-Token,Authorization');
      if (req.headers['access-control-request-private-network'] === 'true')
        res.setHeader('Access-Control-Allow-Private-Network', 'true');
    }
    if (req.method === 'OPTIONS') {
      res.status(200).end();
      return;
    }
    next();
  };
}

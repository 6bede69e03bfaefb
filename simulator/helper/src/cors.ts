// CORS of the helper: only the origins the deployment names (CORS_ORIGINS, default the origin
// `npm start` serves the client on) may read its answers. Such an origin gets its own origin back
// with `Vary: Origin`, and `Access-Control-Allow-Private-Network: true` when Chromium's private
// network preflight asks for it; any other origin gets no CORS header at all, so a browser keeps
// the answer from the page. Requests without an Origin (curl, same-origin) are served as before.
// The value `*` is for the API only (decision 008): here it means the defaults.
import type { RequestHandler } from 'express';

/** `http://localhost:${port}` and `http://127.0.0.1:${port}`: where `npm start` serves the client. */
export const defaultOrigins = (port: number): string[] => [
  `http://localhost:${port}`,
  `http://127.0.0.1:${port}`,
];

/** An origin in its canonical form (scheme://host[:port], lower case, default port dropped). */
export function canonicalOrigin(text: string): string | undefined {
  try {
    const url = new URL(text.trim());
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
    return url.origin;
  } catch {
    return undefined;
  }
}

/** `CORS_ORIGINS` (comma-separated) → origins; empty or unset → the fallback. Throws on a bad entry. */
export function parseOrigins(value: string | undefined, fallback: readonly string[]): string[] | '*' {
  const parts = (value ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '');
  if (parts.length === 0) return [...fallback];
  if (parts.includes('*')) return '*';
  return parts.map((p) => {
    const origin = canonicalOrigin(p);
    if (!origin) throw new Error(`CORS_ORIGINS: '${p}' is not an origin like https://host:port.`);
    return origin;
  });
}

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

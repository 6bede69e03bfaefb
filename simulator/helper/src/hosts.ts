// Which names the helper answers to (DNS rebinding, decision 047). A page on evil.example whose
// name the attacker re-points at 127.0.0.1 is same-origin with the helper for the browser, so CORS
// does not stop it; its requests still carry `Host: evil.example:9080`. The helper answers only a
// Host of localhost, 127.0.0.1 or [::1], or a name the deployment lists in HELPER_HOSTS
// (comma-separated, `name` or `name:port`), with the port the request arrived on (a listed
// `name:port` also with that port, for a port mapped in front of the helper); anything else,
// and a request without a Host, is 421 with a Message before any route runs.
import type { RequestHandler } from 'express';
import { splitHost } from '@gs/simulator-config/forms';
import { HelperError } from './errors';

const LOOPBACK = ['localhost', '127.0.0.1', '[::1]'];

export const hostMessages = {
  refused:
    'The GlobalSearch Extensions helper answers only at localhost, 127.0.0.1, [::1] and the names in HELPER_HOSTS.',
};

/** Middleware: 421 unless the Host is one of the helper's names on the port the request came to. */
export function helperHosts(extra: readonly string[] = []): RequestHandler {
  const names = new Set(LOOPBACK);
  const withPort = new Set<string>();
  for (const entry of extra) {
    const host = splitHost(entry);
    if (!host) continue;
    if (host.port === undefined) names.add(host.name);
    else withPort.add(`${host.name}:${host.port}`);
  }
  return (req, _res, next) => {
    const host = splitHost(req.headers.host ?? '');
    const local = req.socket.localPort;
    const ok =
      host !== undefined &&
      ((names.has(host.name) && (host.port === undefined || host.port === local)) ||
        (host.port !== undefined && withPort.has(`${host.name}:${host.port}`)));
    if (!ok) throw new HelperError(421, hostMessages.refused);
    next();
  };
}

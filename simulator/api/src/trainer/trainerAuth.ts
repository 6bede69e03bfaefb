// The trainer's password (decision 034): HTTP Basic, any user name, compared as digests in constant
// time. Wrong passwords meet the sign-in's back-off (http/loginBackoff.ts, decision 045), keyed on
// the user name given and the caller's address: five wrong tries of one name from one address, or
// thirty of any names, and each further try waits, doubling. During a wait every try is refused
// with 429 before the password is looked at, the right one too, so a wait cannot tell a guesser
// whether a guess was right.
import { createHash, timingSafeEqual } from 'node:crypto';
import type { RequestHandler } from 'express';
import { clientIp, TOO_MANY_SIGN_INS_STATUS, tooManySignInsMessage } from '../http/auth';
import { createLoginBackoff, type BackoffLimits } from '../http/loginBackoff';

const digest = (s: string): Buffer => createHash('sha256').update(s).digest();

/** The user name and password of a Basic header; undefined when there is none or it is unreadable. */
function credentials(header: string | undefined): { login: string; password: string } | undefined {
  const encoded = header?.match(/^\s*basic\s+(\S+)\s*$/i)?.[1];
  if (encoded === undefined) return undefined;
  const decoded = Buffer.from(encoded, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  return colon < 0 ? undefined : { login: decoded.slice(0, colon), password: decoded.slice(colon + 1) };
}

export function requireTrainer(
  password: string,
  limits: BackoffLimits,
  now: () => number = Date.now,
): RequestHandler {
  const expected = digest(password);
  const backoff = createLoginBackoff(now, limits);
  return (req, res, next) => {
    const given = credentials(req.get('authorization'));
    if (given) {
      const address = clientIp(req);
      const wait = backoff.waitMs(given.login, address);
      if (wait > 0) {
        const seconds = Math.max(1, Math.ceil(wait / 1000));
        res.set('Retry-After', String(seconds));
        res.status(TOO_MANY_SIGN_INS_STATUS).json({ Message: tooManySignInsMessage(seconds) });
        return;
      }
      const ok = timingSafeEqual(digest(given.password), expected);
      backoff.begin(given.login, address)(ok);
      if (ok) return next();
    }
    res.set('WWW-Authenticate', 'Basic realm="Trainer", charset="UTF-8"');
    res.status(401).json({ Message: 'The trainer password is required.' });
  };
}

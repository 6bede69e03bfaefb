// Back-off after failed password checks (decision 009). Two counters: one per (login, address),
// strict, so guessing one user's password from one place soon waits; one per address, looser,
// so trying many logins from one place waits too. No counter is per login alone: failures from
// an attacker's address never make the real user wait at theirs. Checks of one login under way
// count as failures until they answer, so forty wrong passwords for one user sent at once run
// only as many checks as the limit allows; the address counter counts answered failures only, so
// a classroom behind one address signing in at once is never refused for being many. Waits double from firstWaitMs up to a cap, and counters are forgotten
// forgetMs after their last failure; a right password clears its (login, address) counter.

export interface BackoffLimits {
  /** failed checks of one login from one address before each further try waits */
  perLogin: number;
  /** failed checks from one address, any login, before each further try waits */
  perAddress: number;
  /** the first wait; each further failure doubles it */
  firstWaitMs: number;
  maxLoginWaitMs: number;
  maxAddressWaitMs: number;
  /** a counter with no failure for this long starts again from zero */
  forgetMs: number;
}

export const DEFAULT_BACKOFF: BackoffLimits = {
  perLogin: 5,
  perAddress: 30,
  firstWaitMs: 1000,
  maxLoginWaitMs: 60_000,
  maxAddressWaitMs: 300_000,
  forgetMs: 15 * 60_000,
};

interface Counter {
  failures: number;
  pending: number;
  lastFailure: number;
  until: number;
}

/** Sweep forgotten counters once the map holds this many. */
const SWEEP_AT = 10_000;

export interface LoginBackoff {
  /** Milliseconds this login from this address must wait before its password is checked; 0: go. */
  waitMs(login: string, address: string): number;
  /** A check starts; call the answer with whether the password was right. */
  begin(login: string, address: string): (ok: boolean) => void;
}

export function createLoginBackoff(now: () => number, limits: BackoffLimits = DEFAULT_BACKOFF): LoginBackoff {
  const counters = new Map<string, Counter>();
  const loginKey = (login: string, address: string): string =>
    `u\0${login.slice(login.indexOf('\\') + 1).toLowerCase()}\0${address}`;
  const addressKey = (address: string): string => `a\0${address}`;

  const live = (key: string, t: number): Counter | undefined => {
    const c = counters.get(key);
    if (c && c.pending === 0 && t - c.lastFailure > limits.forgetMs) {
      counters.delete(key);
      return undefined;
    }
    return c;
  };

  const waitOf = (c: Counter | undefined, limit: number, t: number, countPending: boolean): number => {
    if (!c) return 0;
    if (c.until > t) return c.until - t;
    const pending = countPending ? c.pending : 0;
    if (c.failures < limit) return c.failures + pending < limit ? 0 : limits.firstWaitMs;
    // past the limit, one try at a time after each wait
    return pending === 0 ? 0 : limits.firstWaitMs;
  };

  const sweep = (t: number): void => {
    if (counters.size < SWEEP_AT) return;
    for (const key of [...counters.keys()]) live(key, t);
  };

  const counter = (key: string, t: number): Counter => {
    let c = live(key, t);
    if (!c) {
      sweep(t);
      c = { failures: 0, pending: 0, lastFailure: t, until: 0 };
      counters.set(key, c);
    }
    return c;
  };

  const fail = (c: Counter, limit: number, maxWait: number, t: number): void => {
    c.failures++;
    c.lastFailure = t;
    if (c.failures >= limit) c.until = t + Math.min(limits.firstWaitMs * 2 ** (c.failures - limit), maxWait);
  };

  return {
    waitMs(login, address) {
      const t = now();
      return Math.max(
        waitOf(live(loginKey(login, address), t), limits.perLogin, t, true),
        waitOf(live(addressKey(address), t), limits.perAddress, t, false),
      );
    },

    begin(login, address) {
      const t0 = now();
      const uKey = loginKey(login, address);
      const user = counter(uKey, t0);
      const place = counter(addressKey(address), t0);
      user.pending++;
      place.pending++;
      return (ok) => {
        const t = now();
        user.pending--;
        place.pending--;
        if (ok) {
          if (user.pending === 0) counters.delete(uKey);
          return;
        }
        fail(user, limits.perLogin, limits.maxLoginWaitMs, t);
        fail(place, limits.perAddress, limits.maxAddressWaitMs, t);
      };
    },
  };
}

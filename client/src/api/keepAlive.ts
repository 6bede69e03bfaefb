// Licence keep-alive (spec §4, §9): every 3 s while signed in, `GET licenses?Token=` renews the
// licence; when the server hands back another token the session switches to it.
import type { License } from '@gs/contract/licenses';
import type { Http } from './http';
import { renewLicense } from './licenses';

export const KEEP_ALIVE_INTERVAL_MS = 3_000;

export interface KeepAliveOptions {
  http: Http;
  getToken: () => string | null;
  onRenewed: (license: License) => void;
  intervalMs?: number;
  /** injectable for tests; defaults to the global timers (which vi.useFakeTimers drives) */
  timers?: {
    setInterval: (fn: () => void, ms: number) => unknown;
    clearInterval: (id: unknown) => void;
  };
}

const globalTimers = {
  setInterval: (fn: () => void, ms: number): unknown => globalThis.setInterval(fn, ms),
  clearInterval: (id: unknown): void => globalThis.clearInterval(id as ReturnType<typeof setInterval>),
};

/** Starts the keep-alive and returns its stop function. */
export function startKeepAlive(options: KeepAliveOptions): () => void {
  const timers = options.timers ?? globalTimers;
  let inFlight = false;
  let stopped = false;

  const tick = async () => {
    const token = options.getToken();
    if (inFlight || !token) return;
    inFlight = true;
    try {
      const license = await renewLicense(options.http, token);
      // A sign-out or a token switch during the call makes this answer stale.
      if (!stopped && license?.Token && options.getToken() === token) options.onRenewed(license);
    } catch {
      // Licence loss is reported by the http layer; a network blip waits for the next tick.
    } finally {
      inFlight = false;
    }
  };

  const id = timers.setInterval(() => void tick(), options.intervalMs ?? KEEP_ALIVE_INTERVAL_MS);
  return () => {
    stopped = true;
    timers.clearInterval(id);
  };
}

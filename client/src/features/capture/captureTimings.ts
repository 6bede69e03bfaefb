// The capture timings of the spec (§7): Extensions ping and install poll every 5 s, first scan
// status poll after 5 s then every 3 s, a scanned-file chunk every 500 ms. End-to-end tests
// shorten them through one localStorage entry (CAPTURE_TIMINGS_TEST_KEY, a JSON object with any
// of the fields below); nothing in the interface writes it, so users always get the spec's.
import { SCAN_CHUNK_INTERVAL_MS, SCAN_FIRST_POLL_MS, SCAN_POLL_INTERVAL_MS } from '@gs/contract/helper';
import { readLocal } from '../../lib/storage';

export interface CaptureTimings {
  /** Extensions reachability ping */
  pingMs: number;
  /** install flow: asks whether the helper answers yet */
  installPollMs: number;
  scanFirstPollMs: number;
  scanPollMs: number;
  chunkIntervalMs: number;
}

export const CAPTURE_TIMINGS: CaptureTimings = {
  pingMs: 5000,
  installPollMs: 5000,
  scanFirstPollMs: SCAN_FIRST_POLL_MS,
  scanPollMs: SCAN_POLL_INTERVAL_MS,
  chunkIntervalMs: SCAN_CHUNK_INTERVAL_MS,
};

export const CAPTURE_TIMINGS_TEST_KEY = 'gs.test.captureTimings';

/** The spec's timings, with the test override applied when present. */
export function captureTimings(): CaptureTimings {
  const raw = readLocal(CAPTURE_TIMINGS_TEST_KEY);
  if (!raw) return CAPTURE_TIMINGS;
  try {
    const parsed = JSON.parse(raw) as Record<string, unknown>;
    const out = { ...CAPTURE_TIMINGS };
    for (const key of Object.keys(out) as (keyof CaptureTimings)[]) {
      const value = parsed[key];
      if (typeof value === 'number' && value >= 0) out[key] = value;
    }
    return out;
  } catch {
    return CAPTURE_TIMINGS;
  }
}

/** Resolves after `ms`, or rejects with an AbortError when the signal fires first. */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(new DOMException('Aborted', 'AbortError'));
      return;
    }
    const onAbort = () => {
      clearTimeout(timer);
      reject(new DOMException('Aborted', 'AbortError'));
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

// What a hostile call costs everyone else (issue 26): while it runs, `GET /config.json` is polled
// from its own connection every POLL_EVERY_MS (back to back when a poll takes longer), and the
// server process's VmRSS is sampled; the longest poll (one still unanswered when the call ends
// counts until then) is the stall. The hostile call itself has a client-side timeout, so a server
// that never answers is reported as "timed out" instead of hanging the bench.
import { performance } from 'node:perf_hooks';
import { Worker } from 'node:worker_threads';
import { procMemory } from '../benchHttp';
import type { Polled } from './configPoller';

const POLL_EVERY_MS = 5;
const RSS_EVERY_MS = 20;
/** polls in one measure at most (a bounded loop: 10 minutes of 5 ms polls) */
const MAX_POLLS = 120_000;
/** polling goes on this long after the hostile answer: work the server does after answering */
const TAIL_MS = 200;

export interface Measured {
  label: string;
  /** the HTTP status of the hostile call, "timed out" or the client's error */
  outcome: string;
  ms: number;
  /** the longest `GET /config.json` while it ran */
  stallMs: number;
  /** the longest poll was still unanswered when the measure ended: the stall is at least stallMs */
  cutOff: boolean;
  polls: number;
  /** polls that failed (not 200, or no connection), and how the first one did */
  pollErrors: number;
  firstPollError?: string;
  /** VmRSS just before the call, the highest sampled during it, and VmHWM after it (MiB) */
  rssBefore: number;
  rssPeakSampled: number;
  hwm: number;
}

/** The poller on its own thread (configPoller.ts), so the bench's own work cannot delay a poll. */
function startPolling(port: number): { ready: Promise<void>; stop(): Promise<Polled> } {
  const tsx = import.meta.resolve('tsx/esm/api');
  const entry = new URL('./configPoller.ts', import.meta.url).href;
  const source = `import { register } from ${JSON.stringify(tsx)}; register(); await import(${JSON.stringify(entry)});`;
  const worker = new Worker(new URL(`data:text/javascript,${encodeURIComponent(source)}`), {
    workerData: { port, everyMs: POLL_EVERY_MS, maxPolls: MAX_POLLS },
  });
  const failed = new Promise<never>((_, fail) => worker.once('error', fail));
  const next = (): Promise<unknown> =>
    Promise.race([new Promise((done) => worker.once('message', done)), failed]);
  const ready = next().then(() => undefined);
  return {
    ready,
    async stop() {
      const answer = next();
      worker.postMessage('stop');
      const polled = (await answer) as Polled;
      await worker.terminate();
      return polled;
    },
  };
}

/**
 * Runs `call` (given an AbortSignal firing after `timeoutMs`) with the stall probe on `apiPort`
 * and the memory of `pid` watched; the call's answer body is read inside the timeout.
 */
export async function measure(
  label: string,
  target: { apiPort: number; pid: number; timeoutMs: number },
  call: (signal: AbortSignal) => Promise<Response>,
): Promise<Measured & { body: string }> {
  // NaN once the process is gone (a crash mid-call is reported, not thrown)
  const memory = (): { rss: number; peak: number } => {
    try {
      return procMemory(target.pid);
    } catch {
      return { rss: NaN, peak: NaN };
    }
  };
  const rssBefore = memory().rss;
  let rssPeak = rssBefore;
  const sampler = setInterval(() => {
    const { rss } = memory();
    if (rss > rssPeak) rssPeak = rss;
  }, RSS_EVERY_MS);
  const polling = startPolling(target.apiPort);
  await polling.ready; // its connection is open and has answered a first poll
  await new Promise((r) => setTimeout(r, 50));
  const signal = AbortSignal.timeout(target.timeoutMs);
  const t0 = performance.now();
  let outcome: string;
  let body = '';
  try {
    const res = await call(signal);
    body = await res.text();
    outcome = String(res.status);
  } catch (err) {
    outcome = signal.aborted ? 'timed out' : `error: ${(err as Error).message}`;
  }
  const ms = performance.now() - t0;
  if (!signal.aborted) await new Promise((r) => setTimeout(r, TAIL_MS));
  const { longestMs, cutOff, polls, pollErrors, firstError } = await polling.stop();
  clearInterval(sampler);
  const after = memory();
  return {
    label,
    outcome,
    ms,
    stallMs: longestMs,
    cutOff,
    polls,
    pollErrors,
    firstPollError: firstError,
    rssBefore,
    rssPeakSampled: after.rss > rssPeak ? after.rss : rssPeak,
    hwm: after.peak,
    body,
  };
}

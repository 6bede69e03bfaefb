// The stall probe's thread (stallProbe.ts starts it): `GET /config.json` on one kept-alive
// connection every `everyMs` (back to back when a poll takes longer), at most `maxPolls` times,
// until the message 'stop'; it answers the longest poll, one still unanswered counted until then.
// A first message tells the probe that the connection is open and has answered once.
import { Agent, request } from 'node:http';
import { performance } from 'node:perf_hooks';
import { parentPort, workerData } from 'node:worker_threads';

export interface Polled {
  longestMs: number;
  /** the longest poll was still unanswered at 'stop': the stall is at least longestMs */
  cutOff: boolean;
  polls: number;
  /** polls answered with another status than 200, or failed */
  pollErrors: number;
  /** what the first failed poll got: a status or the connection's error */
  firstError?: string;
}

const { port, everyMs, maxPolls } = workerData as { port: number; everyMs: number; maxPolls: number };
const agent = new Agent({ keepAlive: true, maxSockets: 1 });

/** undefined when the poll was answered 200, else what went wrong */
function getOnce(): Promise<string | undefined> {
  return new Promise((done) => {
    const req = request({ host: '127.0.0.1', port, path: '/config.json', agent }, (res) => {
      res.resume();
      res.once('end', () => done(res.statusCode === 200 ? undefined : `status ${res.statusCode}`));
    });
    req.once('error', (err: NodeJS.ErrnoException) => done(err.code ?? (err.message || String(err))));
    req.end();
  });
}

let stopped = false;
let longest = 0;
let polls = 0;
let pollErrors = 0;
let firstError: string | undefined;
let inFlightSince: number | undefined;

parentPort?.once('message', () => {
  stopped = true;
  const inFlight = inFlightSince === undefined ? 0 : performance.now() - inFlightSince;
  agent.destroy();
  const polled: Polled = {
    longestMs: Math.max(longest, inFlight),
    cutOff: inFlight > longest,
    polls,
    pollErrors,
    firstError,
  };
  parentPort?.postMessage(polled);
});

await getOnce();
parentPort?.postMessage('ready');
while (!stopped && polls < maxPolls) {
  const t0 = performance.now();
  inFlightSince = t0;
  const error = await getOnce();
  if (stopped) break; // 'stop' counted this poll, and closed its connection
  inFlightSince = undefined;
  polls++;
  if (error !== undefined) {
    pollErrors++;
    firstError ??= error;
  }
  longest = Math.max(longest, performance.now() - t0);
  const wait = t0 + everyMs - performance.now();
  if (wait > 0) await new Promise((r) => setTimeout(r, wait));
}

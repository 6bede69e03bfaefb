// An open-loop load generator: requests leave at a fixed arrival rate whatever the answers do.
// Request i is planned at start + i / rate; its latency counts from that PLANNED time, not from
// when it was actually sent, so a server (or a bench loop) that stalls shows up in every request
// that should have left during the stall (no coordinated omission). The loop sleeps until the
// next planned time, then sends every request that is due, and never waits for an answer.

export interface OpenLoopOptions<K extends string> {
  /** requests per second */
  rate: number;
  seconds: number;
  /** the request planned as number `index`: its kind and a function that sends it */
  next: (index: number) => { kind: K; send: () => Promise<void> };
  /** ms to wait for the answers still out when the schedule ends (they count as errors after) */
  drainMs?: number;
  now?: () => number;
}

export interface OpenLoopResult<K extends string> {
  /** latency in ms from the planned time to the answer, per kind, in order of answer */
  times: Map<K, number[]>;
  errors: Map<K, number>;
  firstError?: string;
  planned: number;
  /** requests sent later than 1 ms after their planned time (the bench's own loop lagging) */
  lateSends: number;
  /** the longest lag of a send behind its plan, ms */
  maxSendLagMs: number;
  /** answers (successful or not) per second, over the schedule and the drain */
  achievedRate: number;
  elapsedSeconds: number;
}

const sleep = (ms: number) => new Promise<void>((done) => setTimeout(done, ms));

export async function runOpenLoop<K extends string>(o: OpenLoopOptions<K>): Promise<OpenLoopResult<K>> {
  const now = o.now ?? (() => performance.now());
  const planned = Math.max(0, Math.floor(o.rate * o.seconds));
  const interval = 1000 / o.rate;
  const times = new Map<K, number[]>();
  const errors = new Map<K, number>();
  const result: OpenLoopResult<K> = {
    times,
    errors,
    planned,
    lateSends: 0,
    maxSendLagMs: 0,
    achievedRate: 0,
    elapsedSeconds: 0,
  };
  const outstanding = new Map<Promise<void>, K>();
  let answered = 0;
  let closed = false;
  const start = now();
  let index = 0;
  while (index < planned) {
    const due = start + index * interval;
    const wait = due - now();
    if (wait > 1) await sleep(wait);
    // send every request whose planned time has come (several after a lagging tick)
    const t = now();
    while (index < planned && start + index * interval <= t + 0.5) {
      const plannedAt = start + index * interval;
      const lag = t - plannedAt;
      if (lag > 1) result.lateSends++;
      result.maxSendLagMs = Math.max(result.maxSendLagMs, lag);
      const { kind, send } = o.next(index);
      const p: Promise<void> = send().then(
        () => {
          if (closed) return;
          let xs = times.get(kind);
          if (!xs) times.set(kind, (xs = []));
          xs.push(now() - plannedAt);
        },
        (e: unknown) => {
          if (closed) return;
          errors.set(kind, (errors.get(kind) ?? 0) + 1);
          result.firstError ??= `${kind}: ${e instanceof Error ? e.message : String(e)}`;
        },
      );
      const tracked = p.finally(() => {
        if (!closed) answered++;
        outstanding.delete(tracked);
      });
      outstanding.set(tracked, kind);
      index++;
    }
  }
  const drainUntil = now() + (o.drainMs ?? 10_000);
  while (outstanding.size > 0 && now() < drainUntil) {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<void>((done) => (timer = setTimeout(done, Math.max(1, drainUntil - now()))));
    await Promise.race([Promise.race(outstanding.keys()), timeout]);
    clearTimeout(timer);
  }
  closed = true;
  for (const kind of outstanding.values()) {
    errors.set(kind, (errors.get(kind) ?? 0) + 1);
    result.firstError ??= `${kind}: no answer within the drain time`;
  }
  result.elapsedSeconds = (now() - start) / 1000;
  result.achievedRate = answered / Math.max(o.seconds, result.elapsedSeconds);
  return result;
}

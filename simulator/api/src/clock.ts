// The server's notion of "now", injected so tests and e2e control licence idle time.
export interface Clock {
  /** epoch milliseconds */
  now(): number;
}

export const systemClock: Clock = { now: () => Date.now() };

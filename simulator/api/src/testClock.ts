// A clock that can be moved forward: the in-process tests start it at a fixed instant, and the
// running simulator (SIM_TEST_ENDPOINTS=1) wraps the system clock so e2e can expire licences.
import type { Clock } from './clock';

export interface AdjustableClock extends Clock {
  advance(ms: number): void;
}

export function isAdjustable(clock: Clock): clock is AdjustableClock {
  return typeof (clock as Partial<AdjustableClock>).advance === 'function';
}

/** A frozen clock starting at `start` that only moves when told to. */
export function createTestClock(start = Date.UTC(2026, 10, 22, 14, 57, 6, 971)): AdjustableClock {
  let now = start;
  return {
    now: () => now,
    advance: (ms) => {
      now += ms;
    },
  };
}

/** A clock running at the real pace with an offset a trainer can read and set (issue 18). */
export interface OffsetClock extends AdjustableClock {
  offset(): number;
  setOffset(ms: number): void;
}

/** The real time plus an offset that `advance` grows (or the trainer page sets). */
export function createOffsetClock(base: () => number = Date.now): OffsetClock {
  let offset = 0;
  return {
    now: () => base() + offset,
    advance: (ms) => {
      offset += ms;
    },
    offset: () => offset,
    setOffset: (ms) => {
      offset = ms;
    },
  };
}

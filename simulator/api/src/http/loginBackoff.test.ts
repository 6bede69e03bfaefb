// The back-off's arithmetic (decision 009): limits, doubling, caps, forgetting, checks under way.
import { describe, expect, it } from 'vitest';
import { createLoginBackoff, DEFAULT_BACKOFF } from './loginBackoff';

function world() {
  let now = 1_000_000;
  const backoff = createLoginBackoff(() => now);
  const fail = (login: string, address: string): void => backoff.begin(login, address)(false);
  return { backoff, fail, advance: (ms: number) => void (now += ms) };
}

describe('login back-off', () => {
  it('lets 5 failures through, then doubles the wait from 1 s up to 60 s', () => {
    const { backoff, fail, advance } = world();
    const waits: number[] = [];
    for (let i = 0; i < 14; i++) {
      expect(backoff.waitMs('full.user', '10.0.0.1')).toBe(0);
      fail('full.user', '10.0.0.1');
      const wait = backoff.waitMs('full.user', '10.0.0.1');
      waits.push(wait);
      advance(wait);
    }
    expect(waits).toEqual([0, 0, 0, 0, 1000, 2000, 4000, 8000, 16000, 32000, 60000, 60000, 60000, 60000]);
  });

  it('keys on the user name without its domain, in any casing', () => {
    const { backoff, fail } = world();
    for (const login of ['full.user', 'CORP\\full.user', 'FULL.USER', 'x\\Full.User', 'full.user'])
      fail(login, '10.0.0.1');
    expect(backoff.waitMs('full.user', '10.0.0.1')).toBe(1000);
    expect(backoff.waitMs('full.user', '10.0.0.2')).toBe(0);
    expect(backoff.waitMs('web.user', '10.0.0.1')).toBe(0);
  });

  it('forgets a counter 15 minutes after its last failure', () => {
    const { backoff, fail, advance } = world();
    for (let i = 0; i < 5; i++) fail('full.user', '10.0.0.1');
    advance(DEFAULT_BACKOFF.forgetMs + 1);
    expect(backoff.waitMs('full.user', '10.0.0.1')).toBe(0);
    fail('full.user', '10.0.0.1');
    expect(backoff.waitMs('full.user', '10.0.0.1')).toBe(0);
  });

  it('a right password clears its own counter, not the address one', () => {
    const { backoff, fail, advance } = world();
    for (let i = 0; i < 4; i++) fail('full.user', '10.0.0.1');
    backoff.begin('full.user', '10.0.0.1')(true);
    fail('full.user', '10.0.0.1');
    expect(backoff.waitMs('full.user', '10.0.0.1')).toBe(0);
    for (let i = 0; i < 25; i++) fail(`user${i}`, '10.0.0.1');
    expect(backoff.waitMs('anyone', '10.0.0.1')).toBe(1000);
    advance(1000);
    expect(backoff.waitMs('anyone', '10.0.0.1')).toBe(0);
  });

  it('counts checks under way, so a burst runs no more checks than the limit', () => {
    const { backoff } = world();
    const running = [];
    while (backoff.waitMs('full.user', '10.0.0.1') === 0)
      running.push(backoff.begin('full.user', '10.0.0.1'));
    expect(running).toHaveLength(DEFAULT_BACKOFF.perLogin);
    for (const done of running) done(false);
    expect(backoff.waitMs('full.user', '10.0.0.1')).toBe(1000);
  });

  it('never refuses many logins from one address for being under way at once (a classroom)', () => {
    const { backoff } = world();
    const running = [];
    for (let i = 0; i < 3 * DEFAULT_BACKOFF.perAddress; i++) {
      expect(backoff.waitMs(`student${i}`, '10.0.0.1')).toBe(0);
      running.push(backoff.begin(`student${i}`, '10.0.0.1'));
    }
    for (const done of running) done(true);
    expect(backoff.waitMs('teacher', '10.0.0.1')).toBe(0);
  });
});

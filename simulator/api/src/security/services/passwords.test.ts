// The scrypt cost a stored hash carries in its salt (decision 071): the default leaves the salt as
// it was; a cheaper one (the route tests' worlds) is named in the salt and checked at that cost; a
// salt naming a cost scrypt refuses or one dearer than the default matches no password.
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_SCRYPT_COST,
  DUMMY_PASSWORD_HASH,
  dummyPasswordHash,
  hashPassword,
  passwordChecksRun,
  verifyPassword,
  verifyPasswordSync,
} from './passwords';

describe('password hashes', () => {
  it('keep the salt as it was at the default cost', async () => {
    const stored = hashPassword('Demo@1234', 'abcd');
    expect(stored).toMatch(/^abcd:[0-9a-f]{64}$/);
    expect(hashPassword('Demo@1234', 'abcd', DEFAULT_SCRYPT_COST)).toBe(stored);
    expect(await verifyPassword('Demo@1234', stored)).toBe(true);
    expect(await verifyPassword('demo@1234', stored)).toBe(false);
  });

  it('name a cheaper cost in the salt and are checked at it', async () => {
    const stored = hashPassword('Demo@1234', 'abcd', 1024);
    expect(stored).toMatch(/^N1024\$abcd:[0-9a-f]{64}$/);
    expect(stored.split(':')[1]).not.toBe(hashPassword('Demo@1234', 'abcd').split(':')[1]);
    const before = passwordChecksRun();
    expect(await verifyPassword('Demo@1234', stored)).toBe(true);
    expect(await verifyPassword('Demo@12345', stored)).toBe(false);
    expect(passwordChecksRun() - before).toBe(2);
    expect(verifyPasswordSync('Demo@1234', stored)).toBe(true);
    expect(verifyPasswordSync('Demo@12345', stored)).toBe(false);
  });

  it('match nothing when the salt names a cost scrypt refuses or one dearer than the default', async () => {
    const hash = hashPassword('Demo@1234', 'abcd', 1024).split(':')[1];
    for (const cost of ['N1000', 'N1', 'N0', 'N32768', 'N99999', 'N123456']) {
      const stored = `${cost}$abcd:${hash}`;
      const before = passwordChecksRun();
      expect(await verifyPassword('Demo@1234', stored)).toBe(false);
      // the refusal still costs one check, as for any malformed hash
      expect(passwordChecksRun() - before).toBe(1);
      expect(verifyPasswordSync('Demo@1234', stored)).toBe(false);
    }
    expect(() => hashPassword('Demo@1234', 'abcd', 1000)).toThrow(/power of two/);
    expect(() => hashPassword('Demo@1234', 'abcd', 2 * DEFAULT_SCRYPT_COST)).toThrow(/power of two/);
  });

  it('make dummy hashes for unknown users at the default cost, or at the cost the users are hashed at', async () => {
    expect(DUMMY_PASSWORD_HASH).toMatch(/^[0-9a-f]{32}:[0-9a-f]{64}$/);
    expect(dummyPasswordHash()).toMatch(/^[0-9a-f]{32}:[0-9a-f]{64}$/);
    const cheap = dummyPasswordHash(1024);
    expect(cheap).toMatch(/^N1024\$[0-9a-f]{32}:[0-9a-f]{64}$/);
    const before = passwordChecksRun();
    expect(await verifyPassword('Demo@1234', cheap)).toBe(false);
    expect(passwordChecksRun() - before).toBe(1);
    expect(() => dummyPasswordHash(1000)).toThrow(/power of two/);
  });
});

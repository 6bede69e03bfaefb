// Password hashing for simulator users: scrypt with a per-user salt, stored as "salt:hash".
// Checking runs scrypt on libuv's thread pool (crypto.scrypt, never scryptSync on a request), at
// most PASSWORD_CHECKS_AT_ONCE at a time so a flood of sign-ins leaves the pool's other threads
// to file reads and writes; the rest wait their turn.
import { randomBytes, scrypt, scryptSync, timingSafeEqual } from 'node:crypto';

const KEY_LENGTH = 32;

/** Hashing for seeding and tests (synchronous: not on a request's path). */
export function hashPassword(password: string, salt = randomBytes(16).toString('hex')): string {
  return `${salt}:${scryptSync(password, salt, KEY_LENGTH).toString('hex')}`;
}

/**
 * A hash no password matches, for the checks of unknown users: verifying against it costs the
 * same scrypt as a real user's check, so the time of a refusal does not tell whether the user exists.
 */
export const DUMMY_PASSWORD_HASH = `${randomBytes(16).toString('hex')}:${randomBytes(KEY_LENGTH).toString('hex')}`;

/** Two of the pool's four threads; file I/O keeps the others. */
export const PASSWORD_CHECKS_AT_ONCE = 2;

let running = 0;
let runs = 0;
/** How many password checks (scrypt derivations) have run in this process: tests count them. */
export const passwordChecksRun = (): number => runs;

const waiting: (() => void)[] = [];

async function inTurn<T>(work: () => Promise<T>): Promise<T> {
  if (running >= PASSWORD_CHECKS_AT_ONCE) await new Promise<void>((go) => waiting.push(go));
  else running++;
  try {
    return await work();
  } finally {
    const next = waiting.shift();
    // the slot passes straight to the next waiter
    if (next) next();
    else running--;
  }
}

const derive = (password: string, salt: string): Promise<Buffer> =>
  new Promise((done, fail) => {
    runs++;
    scrypt(password, salt, KEY_LENGTH, (err, key) => (err ? fail(err) : done(key)));
  });

/** Whether the password matches; a malformed stored hash still costs one scrypt and matches nothing. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [salt, hash] = stored.split(':');
  const usable = !!salt && !!hash;
  const actual = await inTurn(() =>
    derive(password, usable ? salt : DUMMY_PASSWORD_HASH.slice(0, DUMMY_PASSWORD_HASH.indexOf(':'))),
  );
  const expected = Buffer.from(usable ? hash : '', 'hex');
  return usable && expected.length === actual.length && timingSafeEqual(actual, expected);
}

/** Hashing on a request's path (a user administrator setting a password): scrypt on the pool, in turn. */
export async function hashPasswordAsync(password: string): Promise<string> {
  const salt = randomBytes(16).toString('hex');
  const key = await inTurn(() => derive(password, salt));
  return `${salt}:${key.toString('hex')}`;
}

/** The synchronous check, for seeding checks and tests only. */
export function verifyPasswordSync(password: string, stored: string): boolean {
  const [salt, hash] = stored.split(':');
  if (!salt || !hash) return false;
  const actual = scryptSync(password, salt, KEY_LENGTH);
  const expected = Buffer.from(hash, 'hex');
  return expected.length === actual.length && timingSafeEqual(actual, expected);
}

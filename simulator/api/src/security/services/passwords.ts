// Password hashing for simulator users: scrypt with a per-user salt, stored as "salt:hash".
// Checking runs scrypt on libuv's thread pool (crypto.scrypt, never scryptSync on a request), at
// most PASSWORD_CHECKS_AT_ONCE at a time so a flood of sign-ins leaves the pool's other threads
// to file reads and writes; the rest wait their turn.
// The salt says the scrypt cost (N) when it is not the default: "N1024$<hex>:<hash>" (decision 071).
// The server and the seeds always hash at the default; the route tests' worlds seed their users
// cheaper, since a sign-in's check was almost half of the unit tier's CPU time.
import { randomBytes, scrypt, scryptSync, timingSafeEqual } from 'node:crypto';

const KEY_LENGTH = 32;

/** Node's scrypt default (N = 2^14): what every hash the server or a seed makes costs. */
export const DEFAULT_SCRYPT_COST = 16384;

const COST_IN_SALT = /^N(\d{1,5})\$/;

/** The cost a stored salt names (default when it names none); undefined for one scrypt refuses. */
function costOf(salt: string): number | undefined {
  const named = COST_IN_SALT.exec(salt);
  if (!named) return DEFAULT_SCRYPT_COST;
  const cost = Number(named[1]);
  // a power of two from 2 up to the default: never dearer than the default, never refused by scrypt
  return cost >= 2 && cost <= DEFAULT_SCRYPT_COST && (cost & (cost - 1)) === 0 ? cost : undefined;
}

/**
 * Hashing for seeding and tests (synchronous: not on a request's path). `cost` below the default
 * is for test worlds only (testing/testApp.ts); it is written into the salt.
 */
export function hashPassword(
  password: string,
  salt = randomBytes(16).toString('hex'),
  cost = DEFAULT_SCRYPT_COST,
): string {
  const saltWithCost = cost === DEFAULT_SCRYPT_COST ? salt : `N${cost}$${salt}`;
  if (costOf(saltWithCost) !== cost)
    throw new Error(`scrypt cost must be a power of two up to ${DEFAULT_SCRYPT_COST}`);
  return `${saltWithCost}:${scryptSync(password, saltWithCost, KEY_LENGTH, { N: cost }).toString('hex')}`;
}

/**
 * A hash no password matches, for the checks of unknown users: verifying against it costs the
 * same scrypt as a real user's check, so the time of a refusal does not tell whether the user exists.
 */
export const DUMMY_PASSWORD_HASH = dummyPasswordHash();

/** A hash no password matches, checked at `cost` (the cost of the users' own hashes). */
export function dummyPasswordHash(cost = DEFAULT_SCRYPT_COST): string {
  const salt = randomBytes(16).toString('hex');
  const saltWithCost = cost === DEFAULT_SCRYPT_COST ? salt : `N${cost}$${salt}`;
  if (costOf(saltWithCost) !== cost)
    throw new Error(`scrypt cost must be a power of two up to ${DEFAULT_SCRYPT_COST}`);
  return `${saltWithCost}:${randomBytes(KEY_LENGTH).toString('hex')}`;
}

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

const derive = (password: string, salt: string, cost = DEFAULT_SCRYPT_COST): Promise<Buffer> =>
  new Promise((done, fail) => {
    runs++;
    scrypt(password, salt, KEY_LENGTH, { N: cost }, (err, key) => (err ? fail(err) : done(key)));
  });

/** Whether the password matches; a malformed stored hash still costs one scrypt and matches nothing. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [salt, hash] = stored.split(':');
  const cost = salt ? costOf(salt) : undefined;
  const usable = !!salt && !!hash && cost !== undefined;
  const actual = await inTurn(() =>
    usable
      ? derive(password, salt, cost)
      : derive(password, DUMMY_PASSWORD_HASH.slice(0, DUMMY_PASSWORD_HASH.indexOf(':'))),
  );
  const expected = Buffer.from(usable ? hash : '', 'hex');
  return usable && expected.length === actual.length && timingSafeEqual(actual, expected);
}

/** Hashing on a request's path: scrypt on the thread pool, in turn with the checks. */
export async function hashPasswordAsync(password: string): Promise<string> {
  const salt = randomBytes(16).toString('hex');
  const key = await inTurn(() => derive(password, salt));
  return `${salt}:${key.toString('hex')}`;
}

/** The synchronous check, for seeding checks and tests only. */
export function verifyPasswordSync(password: string, stored: string): boolean {
  const [salt, hash] = stored.split(':');
  const cost = salt ? costOf(salt) : undefined;
  if (!salt || !hash || cost === undefined) return false;
  const actual = scryptSync(password, salt, KEY_LENGTH, { N: cost });
  const expected = Buffer.from(hash, 'hex');
  return expected.length === actual.length && timingSafeEqual(actual, expected);
}

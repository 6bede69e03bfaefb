// Keys in any casing and ASP.NET's scalar parsing, for routes and services alike (decision 063):
// IIS/ASP.NET reads query keys and JSON keys case-insensitively and binds Int32 and booleans
// strictly. A value that does not parse is a DomainError of kind 'invalid' (400 at the edge).
import { badRequest } from '../domain/errors';

const INT = /^[+-]?\d{1,10}$/;

/** Parse an Int32 as ASP.NET model binding does; 400 otherwise. */
export function parseId(value: string, name: string): number {
  const n = INT.test(value.trim()) ? Number(value.trim()) : NaN;
  if (!Number.isInteger(n) || n > 2147483647 || n < -2147483648)
    throw badRequest(`The value '${value}' is not valid for parameter '${name}'.`);
  return n;
}

/** `true`/`false` in any casing; 400 for anything else. */
export function parseBool(value: string, name: string): boolean {
  const v = value.trim().toLowerCase();
  if (v === 'true') return true;
  if (v === 'false') return false;
  throw badRequest(`The value '${value}' is not valid for parameter '${name}'.`);
}

/** No request body of the API nests deeper; a deeper one is refused before it can overflow the stack. */
export const MAX_BODY_DEPTH = 64;

/** A copy of a JSON value with every object key lower-cased, to MAX_BODY_DEPTH levels (400 past it). */
export function lowerKeys(value: unknown, depth = 0): unknown {
  if (value === null || typeof value !== 'object') return value;
  if (depth >= MAX_BODY_DEPTH)
    throw badRequest(`The request body is nested more than ${MAX_BODY_DEPTH} levels deep.`);
  if (Array.isArray(value)) return value.map((v) => lowerKeys(v, depth + 1));
  return Object.fromEntries(
    Object.entries(value).map(([k, v]) => [k.toLowerCase(), lowerKeys(v, depth + 1)]),
  );
}

/** Read one key of a JSON object whatever its casing. */
export function readKey(obj: unknown, key: string): unknown {
  if (obj === null || typeof obj !== 'object' || Array.isArray(obj)) return undefined;
  const wanted = key.toLowerCase();
  const hit = Object.entries(obj).find(([k]) => k.toLowerCase() === wanted);
  return hit?.[1];
}

/** A case-insensitive view of a query's string values (the first of a repeated key). */
export type Lookup = (key: string) => string | undefined;

/** The Lookup of a parsed query string (`req.query`) or any record of values. */
export const lookupOf =
  (record: Record<string, unknown>): Lookup =>
  (key) => {
    const wanted = key.toLowerCase();
    for (const [k, v] of Object.entries(record)) {
      if (k.toLowerCase() !== wanted) continue;
      const first: unknown = Array.isArray(v) ? v[0] : v;
      return typeof first === 'string' ? first : undefined;
    }
    return undefined;
  };

/** The first of several spellings that is present (`database`, `db`, `DatabaseId`). */
export function lookupAny(q: Lookup, keys: string[]): { key: string; value: string } | undefined {
  for (const key of keys) {
    const value = q(key);
    if (value !== undefined) return { key, value };
  }
  return undefined;
}

/**
 * A query (`req.query`) with lower-cased keys and one string per key, as `Lookup` reads it: the
 * first value of a repeated key, the first spelling of a key given in several casings, no arrays
 * or objects. Input schemas of queries name their keys in lower case.
 */
export function caselessQuery(record: Record<string, unknown>): Record<string, string> {
  const out: Record<string, string> = {};
  const seen = new Set<string>();
  for (const [k, v] of Object.entries(record)) {
    const key = k.toLowerCase();
    if (seen.has(key)) continue;
    seen.add(key);
    const first: unknown = Array.isArray(v) ? v[0] : v;
    if (typeof first === 'string') out[key] = first;
  }
  return out;
}

// IIS/ASP.NET reads query keys and JSON keys case-insensitively; clients send `SecureId`,
// `secureid`, `Token`, `token`, `Id`/`ID`. Every route reads its input through these helpers.
import type { Request } from 'express';
import { badRequest } from '../domain/errors';
import { parseBool, parseId } from '../lib/keys';

// the pure readers live in lib/keys.ts (decision 063); the edge reads them from here too
export { MAX_BODY_DEPTH, lowerKeys, parseBool, parseId, readKey } from '../lib/keys';

/** The query value of `key`, whatever its casing; the first one when repeated. */
export function query(req: Request, key: string): string | undefined {
  const wanted = key.toLowerCase();
  for (const [k, v] of Object.entries(req.query)) {
    if (k.toLowerCase() !== wanted) continue;
    const first: unknown = Array.isArray(v) ? v[0] : v;
    return typeof first === 'string' ? first : undefined;
  }
  return undefined;
}

/** The first of several spellings that is present (`database`, `db`, `DatabaseId`). */
export function queryAny(req: Request, keys: string[]): { key: string; value: string } | undefined {
  for (const key of keys) {
    const value = query(req, key);
    if (value !== undefined) return { key, value };
  }
  return undefined;
}

export function queryInt(req: Request, key: string): number | undefined {
  const v = query(req, key);
  return v === undefined ? undefined : parseId(v, key);
}

export function queryBool(req: Request, key: string): boolean | undefined {
  const v = query(req, key);
  return v === undefined ? undefined : parseBool(v, key);
}

/** A route parameter that must be an integer id. */
export function intParam(req: Request, name: string): number {
  const v = req.params[name];
  if (typeof v !== 'string') throw badRequest(`The parameter '${name}' is missing.`);
  return parseId(v, name);
}

// IIS/ASP.NET reads query keys and JSON keys case-insensitively; clients send `SecureId`,
// `secureid`, `Token`, `token`, `Id`/`ID`. Every route reads its input through these helpers.
import type { Request } from 'express';
import { badRequest } from '../domain/errors';
import type { z } from 'zod';
import { caselessQuery, lookupAny, lookupOf, parseBool, parseId, type Lookup } from '../lib/keys';
import { parseInput } from '../lib/zodInput';

// the pure readers live in lib/keys.ts (decision 063); the edge reads them from here too
export { MAX_BODY_DEPTH, lowerKeys, parseBool, parseId, readKey, type Lookup } from '../lib/keys';

/** The query of a request as a case-insensitive Lookup, for a service that reads a few keys. */
export const queryOf = (req: Request): Lookup => lookupOf(req.query);

/** The query value of `key`, whatever its casing; the first one when repeated. */
export const query = (req: Request, key: string): string | undefined => queryOf(req)(key);

/** The first of several spellings that is present (`database`, `db`, `DatabaseId`). */
export const queryAny = (req: Request, keys: string[]): { key: string; value: string } | undefined =>
  lookupAny(queryOf(req), keys);

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

/** A required integer query parameter; 400 when missing. */
export const requiredInt = (req: Request, key: string): number => requiredIntOf(queryOf(req), key);

/** requiredInt of a query read as a Lookup (route()'s queryLookup). */
export function requiredIntOf(q: Lookup, key: string): number {
  const raw = q(key);
  if (raw === undefined) throw badRequest(`The query parameter '${key}' is required.`);
  return parseId(raw, key);
}

/** The query read with a schema whose keys are lower-case (any casing on the wire). */
export const parseQuery = <T extends z.ZodType>(req: Request, schema: T): z.output<T> =>
  parseInput(schema, caselessQuery(req.query as Record<string, unknown>), 'query');

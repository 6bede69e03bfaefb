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

/** The document's SecureId of a call: the query's `SecureId` (any casing), else the header. */
export const requestSecureId = (req: Request): string | undefined =>
  query(req, 'SecureId') ?? req.get('SecureId') ?? undefined;

/** The first of several spellings that is present (`database`, `db`, `DatabaseId`). */
export const queryAny = (req: Request, keys: string[]): { key: string; value: string } | undefined =>
  lookupAny(queryOf(req), keys);

/** An id of a Lookup (any casing), when given. */
export function intOf(q: Lookup, key: string): number | undefined {
  const v = q(key);
  return v === undefined ? undefined : parseId(v, key);
}

/** A true/false of a Lookup (any casing), when given. */
export function boolOf(q: Lookup, key: string): boolean | undefined {
  const v = q(key);
  return v === undefined ? undefined : parseBool(v, key);
}

export const queryInt = (req: Request, key: string): number | undefined => intOf(queryOf(req), key);

export const queryBool = (req: Request, key: string): boolean | undefined => boolOf(queryOf(req), key);

/** A route parameter that must be an integer id. */
export const intParam = (req: Request, name: string): number => pathInt(req.params, name);

/**
 * A parameter of the path as sent (route()'s `params: pathAsSent`) that must be an integer id, for
 * a policy that reads the path's ids one at a time, each after the check of the one before.
 */
export function pathInt(params: unknown, name: string): number {
  const v = (params as Record<string, unknown>)[name];
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

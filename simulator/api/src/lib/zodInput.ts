// A JSON request body read with a zod schema whose keys are lower-case, so any casing of the
// body's keys is accepted (IIS reads JSON case-insensitively); 400 with what is wrong otherwise.
import { z } from 'zod';
import { DomainError, badRequest } from '../domain/errors';
import { lowerKeys, parseBool, parseId } from './keys';

export function parseBody<T extends z.ZodType>(schema: T, body: unknown, expected: string): z.output<T> {
  if (body === undefined || body === null || body === '')
    throw badRequest(`The request body is missing; expected ${expected}.`);
  const result = schema.safeParse(lowerKeys(body));
  if (!result.success)
    throw badRequest(`The request body must be ${expected}: ${z.prettifyError(result.error)}`);
  return result.data;
}

/** A string, trimmed; null reads as ''. */
export const trimmed = z.union([z.string(), z.null()]).transform((v) => (v ?? '').trim());

/** A boolean, or 'true'/'false' in any casing, or 0/1. */
export const looseBool = z.union([
  z.boolean(),
  z.literal(0).transform(() => false),
  z.literal(1).transform(() => true),
  z
    .string()
    .trim()
    .toLowerCase()
    .pipe(z.enum(['true', 'false']))
    .transform((v) => v === 'true'),
]);

/** An Int32, as a number or a string of digits. */
export const int32 = z.union([
  z.number().int().min(-2147483648).max(2147483647),
  z
    .string()
    .trim()
    .regex(/^-?\d{1,9}$/)
    .transform(Number),
]);

/**
 * Refuse a value with exactly `error` (decision 063): a field of an input schema that answers with
 * its own Message adds it as the issue's `domainError`, which parseInput throws as is.
 */
export function rejectWith(ctx: z.RefinementCtx, error: DomainError): typeof z.NEVER {
  ctx.addIssue({ code: 'custom', message: error.message, params: { domainError: error } });
  return z.NEVER;
}

const domainErrorOf = (issue: z.core.$ZodIssue | undefined): DomainError | undefined => {
  const error: unknown = issue?.code === 'custom' ? issue.params?.domainError : undefined;
  return error instanceof DomainError ? error : undefined;
};

/**
 * An input (query, params or body) read with `schema`: the first issue's own DomainError when it
 * carries one (rejectWith), else 400 saying which input is wrong and how.
 */
export function parseInput<T extends z.ZodType>(schema: T, value: unknown, what: string): z.output<T> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const own = domainErrorOf(result.error.issues[0]);
  if (own) throw own;
  throw badRequest(`The ${what} is not valid: ${z.prettifyError(result.error)}`);
}

/** An Int32 path or query value as ASP.NET binds it, refused with its own 400 (parseId). */
export const int32Value = (name: string) =>
  z.string().transform((v, ctx) => {
    try {
      return parseId(v, name);
    } catch (error) {
      if (error instanceof DomainError) return rejectWith(ctx, error);
      throw error;
    }
  });

/** `true`/`false` in any casing, refused with its own 400 (parseBool); `fallback` when absent. */
export const boolValue = (name: string, fallback: boolean) =>
  z
    .string()
    .optional()
    .transform((v, ctx) => {
      if (v === undefined) return fallback;
      try {
        return parseBool(v, name);
      } catch (error) {
        if (error instanceof DomainError) return rejectWith(ctx, error);
        throw error;
      }
    });

/** An Int32 of the query, refused with its own 400 (parseId); blank reads as absent (undefined). */
export const idValue = (name: string) =>
  z
    .string()
    .optional()
    .transform((raw, ctx) => {
      if (raw === undefined || raw.trim() === '') return undefined;
      try {
        return parseId(raw, name);
      } catch (error) {
        if (error instanceof DomainError) return rejectWith(ctx, error);
        throw error;
      }
    });

/** idValue that must be there: absent or blank is a 400 "The request is invalid." with `detail`. */
export const requiredId = (name: string, detail: string) =>
  idValue(name).transform((id, ctx) => (id === undefined ? rejectWith(ctx, badRequest(detail)) : id));

/** A route()'s body parser of parseBody: 400 naming `expected` when missing or wrong. */
export const bodyOf =
  <T extends z.ZodType>(schema: T, expected: string) =>
  (raw: unknown): z.output<T> =>
    parseBody(schema, raw, expected);

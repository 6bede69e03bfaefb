// A JSON request body read with a zod schema whose keys are lower-case, so any casing of the
// body's keys is accepted (IIS reads JSON case-insensitively); 400 with what is wrong otherwise.
import { z } from 'zod';
import { badRequest } from '../domain/errors';
import { lowerKeys } from './keys';

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

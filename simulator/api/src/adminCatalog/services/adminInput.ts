// Reading administration bodies: keys in any casing (lowerKeys), null as absent, and a 400 with
// what is wrong. Each resource's schema lists its keys in lower case.
import { z } from 'zod';
import { badRequest } from '../../domain/errors';
import { lowerKeys } from '../../lib/keys';

/** An optional value; JSON null counts as absent. */
export const opt = <T extends z.ZodType>(schema: T) =>
  schema.nullish().transform((v): z.output<T> | undefined => v ?? undefined);

export const idValue = z.union([
  z.number().int().min(0).max(2147483647),
  z
    .string()
    .trim()
    .regex(/^\d{1,10}$/)
    .transform(Number),
]);

export const boolValue = z.union([
  z.boolean(),
  z
    .string()
    .trim()
    .toLowerCase()
    .pipe(z.enum(['true', 'false']))
    .transform((v) => v === 'true'),
]);

export const textValue = z.union([z.string(), z.number()]).transform(String);

/** The body as `schema` reads it (after lower-casing its keys); 400 otherwise. */
export function parseBody<T extends z.ZodType>(schema: T, body: unknown, what: string): z.output<T> {
  if (body === undefined || body === null || typeof body !== 'object' || Array.isArray(body))
    throw badRequest(`The request body must be a JSON object (${what}).`);
  const result = schema.safeParse(lowerKeys(body));
  if (!result.success) throw badRequest(`The ${what} is not valid: ${z.prettifyError(result.error)}`);
  return result.data;
}

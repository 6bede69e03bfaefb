// Field values in request bodies: `{ID, VAL, MVAL}` in any casing (HL sends Id/Val/Mval), VAL as
// a string or a bare number, MVAL absent or null for single-value fields.
import { z } from 'zod';
import type { FieldInput } from '../services/fieldValidation';
import { badRequest } from '../../http/errors';
import { lowerKeys, readKey } from '../../http/query';

const text = z
  .union([z.string(), z.number(), z.boolean(), z.null()])
  .transform((v) => (v === null ? '' : String(v)));
const fieldId = z.union([
  z.number().int(),
  z
    .string()
    .trim()
    .regex(/^-?\d{1,10}$/)
    .transform(Number),
]);
const item = z.object({
  id: fieldId,
  val: text.optional().transform((v) => v ?? ''),
  mval: z
    .array(text)
    .nullish()
    .transform((v) => v ?? []),
});
const items = z.array(item);

/** An array of field values; 400 with what is wrong otherwise. */
export function parseFieldValues(body: unknown, where = 'The request body'): FieldInput[] {
  if (body === undefined) throw badRequest(`${where} is missing; expected a JSON array of {ID, VAL, MVAL}.`);
  const result = items.safeParse(lowerKeys(body));
  if (!result.success)
    throw badRequest(`${where} must be a JSON array of {ID, VAL, MVAL}: ${z.prettifyError(result.error)}`);
  return result.data;
}

/** The body of /save: `{"IndexData":{"IndexFields":[...]}}`. */
export function parseSaveBody(body: unknown): FieldInput[] {
  const fields = readKey(readKey(body, 'IndexData'), 'IndexFields');
  if (fields === undefined)
    throw badRequest('The request body must be {"IndexData":{"IndexFields":[{ID, VAL, MVAL}]}}.');
  return parseFieldValues(fields, 'IndexData.IndexFields');
}

/**
 * The body of POST indexes: an array, one field value, or an object carrying the array under
 * Fields or IndexFields (and possibly db, archive, token beside it).
 */
export function parseCheckBody(body: unknown): FieldInput[] {
  if (Array.isArray(body)) return parseFieldValues(body);
  const nested = readKey(body, 'Fields') ?? readKey(body, 'IndexFields');
  if (nested !== undefined) return parseFieldValues(nested, 'Fields');
  if (readKey(body, 'ID') !== undefined) return parseFieldValues([body]);
  throw badRequest('The request body must be a JSON array of {ID, VAL, MVAL}.');
}

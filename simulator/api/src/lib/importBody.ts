// The body of an import (`POST dbs/{db}/archives/{a}`, and a captured batch document's indexing,
// capture/services/batchIndexing.ts): index values by field ID and the names of the files to import.
import { z } from 'zod';
import { badRequest } from '../domain/errors';
import { lowerKeys } from './keys';

const text = z
  .union([z.string(), z.number(), z.boolean(), z.null()])
  .transform((v) => (v === null ? '' : String(v)));
const bodySchema = z.object({
  fields: z
    .array(z.object({ name: z.union([z.string(), z.number()]).transform(String), value: text.optional() }))
    .nullish()
    .transform((v) => v ?? []),
  files: z.array(z.object({ name: z.string() })).min(1),
});

/** The import body: index values by field ID (a field named twice is multi-value) and file names. */
export function parseImportBody(body: unknown) {
  const parsed = bodySchema.safeParse(lowerKeys(body));
  if (!parsed.success)
    throw badRequest(
      `The body must be {"fields":[{"name","value"}],"files":[{"name"}]}: ${z.prettifyError(parsed.error)}`,
    );
  // a field named more than once is a multi-value field's values, in order
  const byId = new Map<number, { id: number; val: string; mval: string[] }>();
  for (const f of parsed.data.fields) {
    if (!/^\s*-?\d{1,10}\s*$/.test(f.name)) throw badRequest(`The field name '${f.name}' is not a field ID.`);
    const id = Number(f.name);
    const value = f.value ?? '';
    const seen = byId.get(id);
    if (!seen) byId.set(id, { id, val: value, mval: [] });
    else seen.mval = seen.mval.length ? [...seen.mval, value] : [seen.val, value];
  }
  return { fields: [...byId.values()], files: parsed.data.files.map((f) => f.name) };
}

// Bodies of the catalogue routes of the admin API (fields, table fields, lists, searches) in any
// key casing; each parses to the contract's shape with its defaults, or 400 with what is wrong.
import { z } from 'zod';
import {
  ADMIN_CONDITIONS,
  ADMIN_FIELD_TYPES,
  ADMIN_LIST_TYPES,
  ADMIN_SYSTEM_FIELDS,
  type AdminField,
  type AdminList,
  type AdminSearch,
  type AdminTableField,
} from '@gs/contract/admin/catalog';
import { badRequest } from '../../http/errors';
import { lowerKeys } from '../../http/query';

const str = z
  .string()
  .nullish()
  .transform((v) => v ?? '');
const bool = z
  .boolean()
  .nullish()
  .transform((v) => v ?? false);
const id = z.union([
  z.number().int().min(0).max(2147483647),
  z
    .string()
    .trim()
    .regex(/^\d{1,10}$/)
    .transform(Number),
]);
const idOr0 = id.nullish().transform((v) => v ?? 0);
const ids = z
  .array(id)
  .nullish()
  .transform((v) => v ?? []);

/** a word of `words` in any casing, spelt as the contract spells it */
const word = <T extends string>(words: readonly T[], fallback: T) =>
  z
    .string()
    .nullish()
    .transform((v, ctx) => {
      if (v === null || v === undefined) return fallback;
      const hit = words.find((w) => w.toLowerCase() === v.trim().toLowerCase());
      if (hit === undefined) {
        ctx.addIssue({ code: 'custom', message: `'${v}' is not one of ${words.filter(Boolean).join(', ')}` });
        return z.NEVER;
      }
      return hit;
    });

const field = z.object({
  id: idOr0,
  name: str,
  type: word(ADMIN_FIELD_TYPES, 'character'),
  format: str,
  regex: str,
  regexmessage: str,
  regsample: z
    .object({ name: str, value: str })
    .nullish()
    .transform((v) => v ?? { name: '', value: '' }),
  length: z
    .number()
    .int()
    .min(1)
    .max(4000)
    .nullish()
    .transform((v) => v ?? 50),
  required: bool,
  multivalue: bool,
  systemfield: word(ADMIN_SYSTEM_FIELDS, ''),
  list: z
    .object({
      type: word(ADMIN_LIST_TYPES, ''),
      listid: idOr0,
      primary: idOr0,
      secondary: idOr0,
      mapping: z
        .array(z.object({ listid: id, primaryvalue: str, secondaryvalue: str }))
        .nullish()
        .transform((v) => v ?? []),
    })
    .nullish(),
  extendedconfig: str,
});

const tableField = z.object({ id: idOr0, name: str, fields: ids });

const list = z.object({
  id: idOr0,
  name: str,
  assemblypath: str,
  assemblyparameters: str,
  values: z
    .array(z.union([z.string(), z.number()]).transform(String))
    .nullish()
    .transform((v) => v ?? []),
});

const search = z.object({
  id: idOr0,
  name: str,
  parent: idOr0,
  archives: ids,
  parameters: z
    .array(
      z.object({
        id: idOr0,
        field: id,
        condition: word(ADMIN_CONDITIONS, 'contains'),
        prompt: str,
      }),
    )
    .nullish()
    .transform((v) => v ?? []),
  advancedgrouping: str,
  grantall: bool,
  imagexchange: bool,
  multivalue: bool,
  displayviewtabs: bool,
  usetime: bool,
  contentsearch: z
    .object({
      enabled: bool,
      phonics: bool,
      stemming: bool,
      fuzziness: bool,
      fuzzinessvalue: z
        .number()
        .int()
        .min(0)
        .max(100)
        .nullish()
        .transform((v) => v ?? 0),
    })
    .nullish(),
});

function parse<T extends z.ZodType>(schema: T, body: unknown, what: string): z.output<T> {
  if (body === undefined || body === null || typeof body !== 'object' || Array.isArray(body))
    throw badRequest(`The request body must be a JSON object: ${what}.`);
  const result = schema.safeParse(lowerKeys(body));
  if (!result.success) throw badRequest(`The ${what} is not valid: ${z.prettifyError(result.error)}`);
  return result.data;
}

export function parseAdminField(body: unknown): AdminField {
  const f = parse(field, body, 'field');
  const l = f.list ?? { type: '', listid: 0, primary: 0, secondary: 0, mapping: [] };
  return {
    Id: f.id,
    Name: f.name.trim(),
    Type: f.type,
    Format: f.format,
    Regex: f.regex,
    RegexMessage: f.regexmessage,
    RegSample: { Name: f.regsample.name, Value: f.regsample.value },
    Length: f.length,
    Required: f.required,
    MultiValue: f.multivalue,
    SystemField: f.systemfield,
    List: {
      Type: l.type,
      ListId: l.listid,
      Primary: l.primary,
      Secondary: l.secondary,
      Mapping: l.mapping.map((m) => ({
        ListId: m.listid,
        PrimaryValue: m.primaryvalue.trim(),
        SecondaryValue: m.secondaryvalue.trim(),
      })),
    },
    ExtendedConfig: f.extendedconfig,
  };
}

export function parseAdminTableField(body: unknown): AdminTableField {
  const t = parse(tableField, body, 'table field');
  return { Id: t.id, Name: t.name.trim(), Fields: t.fields };
}

/** A list; empty values are dropped (admin-spec §5). */
export function parseAdminList(body: unknown): AdminList {
  const l = parse(list, body, 'list');
  return {
    Id: l.id,
    Name: l.name.trim(),
    AssemblyPath: l.assemblypath.trim(),
    AssemblyParameters: l.assemblyparameters,
    Values: l.values.map((v) => v.trim()).filter((v) => v !== ''),
  };
}

export function parseAdminSearch(body: unknown): AdminSearch {
  const s = parse(search, body, 'search');
  const cs = s.contentsearch ?? {
    enabled: false,
    phonics: false,
    stemming: false,
    fuzziness: false,
    fuzzinessvalue: 0,
  };
  return {
    Id: s.id,
    Name: s.name.trim(),
    Parent: s.parent,
    Archives: s.archives,
    Parameters: s.parameters.map((p) => ({
      Id: p.id,
      Field: p.field,
      Condition: p.condition,
      Prompt: p.prompt,
    })),
    AdvancedGrouping: s.advancedgrouping,
    GrantAll: s.grantall,
    ImageXChange: s.imagexchange,
    MultiValue: s.multivalue,
    DisplayViewTabs: s.displayviewtabs,
    UseTime: s.usetime,
    ContentSearch: {
      Enabled: cs.enabled,
      Phonics: cs.phonics,
      Stemming: cs.stemming,
      Fuzziness: cs.fuzziness,
      FuzzinessValue: cs.fuzzinessvalue,
    },
  };
}

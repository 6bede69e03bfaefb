// Believable field values made from what the catalogue says and the shapes of values seen: list
// items (dynamic lists through their parents' values), text matching the field's RegEx (randexp),
// or shaped like a sampled value with every letter and digit replaced, numbers and dates in
// plausible ranges. Every value fits the field's type, length, RegEx and list: the simulator's
// own checks (services/fieldValidation.ts) take it.
import RandExp from 'randexp';
import { FieldProp, FieldType, SYSTEM_FIELD_PROPS } from '@gs/contract/flags';
import type { Rng } from '@gs/simulator-fixtures/random';
import type { SnapDatabase, SnapField } from './model';

export interface SynthValue {
  id: number;
  val: string;
  mval: string[];
}

const UPPER = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const LOWER = 'abcdefghijklmnopqrstuvwxyz';
const DIGITS = '0123456789';
const DAY_MS = 86_400_000;

/** A value of the same shape: letters stay letters (case kept), digits stay digits, the rest stays. */
export function reshape(rng: Rng, sample: string): string {
  let out = '';
  for (const c of sample) {
    if (UPPER.includes(c)) out += rng.pick([...UPPER]);
    else if (LOWER.includes(c)) out += rng.pick([...LOWER]);
    else if (DIGITS.includes(c)) out += rng.pick([...DIGITS]);
    else out += c;
  }
  return out;
}

const usDate = (ms: number): string => {
  const d = new Date(ms);
  return `${d.getUTCMonth() + 1}/${d.getUTCDate()}/${d.getUTCFullYear()}`;
};

export interface SynthContext {
  db: SnapDatabase;
  rng: Rng;
  /** values seen per `${db}:${field}` (only their shapes are used) */
  seen: ReadonlyMap<string, string[]>;
  now: number;
}

const isList = (f: SnapField) => (f.prop & (FieldProp.DropdownList | FieldProp.DynamicList)) !== 0;

/** The items the field offers given the values chosen so far (services/fieldLists.ts's rule). */
function offered(ctx: SynthContext, f: SnapField, chosen: Map<number, string>): string[] {
  const itemsOf = (listId: number) => ctx.db.lists.find((l) => l.id === listId)?.items ?? [];
  if (!(f.prop & FieldProp.DynamicList)) return itemsOf(f.listId);
  const primary = (chosen.get(f.listF1 || f.parentId) ?? '').trim();
  if (primary === '') return itemsOf(f.listId);
  const secondary = (chosen.get(f.listF2) ?? '').trim();
  const find = (s: string) =>
    ctx.db.mappings.find((m) => m.fieldId === f.id && m.primary === primary && m.secondary === s);
  const mapping = find(secondary) ?? (secondary === '' ? undefined : find(''));
  return mapping ? itemsOf(mapping.listId) : [];
}

/** Parent values a dynamic child has items for: the parent prefers them. */
function preferred(ctx: SynthContext, parent: SnapField): string[] {
  return ctx.db.mappings
    .filter((m) => ctx.db.fields.some((f) => f.id === m.fieldId && (f.listF1 || f.parentId) === parent.id))
    .map((m) => m.primary);
}

const fits = (f: SnapField, text: string, re: RegExp | undefined): boolean =>
  text.length > 0 && text.length <= (f.size || 50) && (!re || re.test(text));

function text(ctx: SynthContext, f: SnapField): string {
  const { rng } = ctx;
  let re: RegExp | undefined;
  if (f.regex) {
    try {
      re = new RegExp(f.regex);
      const gen = new RandExp(re);
      gen.randInt = (a: number, b: number) => rng.int(a, b);
      gen.max = 6;
      for (let i = 0; i < 20; i++) {
        const v = gen.gen();
        if (fits(f, v, re)) return v;
      }
    } catch {
      re = undefined;
    }
  }
  const samples = ctx.seen.get(`${ctx.db.id}:${f.id}`) ?? [];
  for (let i = 0; i < 10 && samples.length; i++) {
    const v = reshape(rng, rng.pick(samples));
    if (fits(f, v, re)) return v;
  }
  const v = `${f.name} ${rng.int(1, 9999)}`.slice(0, f.size || 50);
  return fits(f, v, re) ? v : '';
}

function typed(ctx: SynthContext, f: SnapField): string {
  const { rng } = ctx;
  switch (f.type) {
    case FieldType.Integer:
      return String(rng.int(1, 9999));
    case FieldType.Decimal:
      return (Math.round(Math.exp(rng.normal() * 1.2 + 6) * 100) / 100).toFixed(2);
    case FieldType.Date:
      return usDate(ctx.now - rng.int(0, 3 * 365) * DAY_MS);
    default:
      return text(ctx, f);
  }
}

function one(ctx: SynthContext, f: SnapField, chosen: Map<number, string>): string {
  if (!isList(f) && !f.listId) return typed(ctx, f);
  const items = offered(ctx, f, chosen);
  if (items.length === 0) return isList(f) ? '' : typed(ctx, f);
  const prefer = preferred(ctx, f).filter((p) => items.includes(p));
  return ctx.rng.pick(prefer.length ? prefer : items);
}

/** Values for one document of an archive with these fields (system and table fields left to the seed). */
export function synthValues(ctx: SynthContext, fieldIds: readonly number[]): SynthValue[] {
  const fields = fieldIds
    .map((id) => ctx.db.fields.find((f) => f.id === id))
    .filter((f): f is SnapField => !!f && (f.prop & (SYSTEM_FIELD_PROPS | FieldProp.TableField)) === 0);
  // parents first: a dynamic list offers items by its parents' values
  const depth = (f: SnapField): number =>
    f.prop & FieldProp.DynamicList && (f.listF1 || f.parentId) ? 1 : 0;
  const ordered = [...fields].sort((a, b) => depth(a) - depth(b));
  const chosen = new Map<number, string>();
  const out: SynthValue[] = [];
  for (const f of ordered) {
    const required = (f.prop & FieldProp.Required) !== 0;
    if (!required && !ctx.rng.chance(0.85)) continue;
    if (f.prop & FieldProp.MultiValue) {
      const values = [
        ...new Set(Array.from({ length: ctx.rng.int(1, 3) }, () => one(ctx, f, chosen))),
      ].filter((v) => v !== '');
      if (values.length) out.push({ id: f.id, val: values[0] ?? '', mval: values });
      continue;
    }
    const v = one(ctx, f, chosen);
    if (v === '') continue;
    chosen.set(f.id, v);
    out.push({ id: f.id, val: v, mval: [] });
  }
  return out;
}

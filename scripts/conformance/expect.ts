// Assertions of the checks: each throws a Mismatch naming what was expected and what came back.
import { Mismatch } from './types';
import type { Answer } from './wire';

/** Keys an answer has beyond what the reference lists: not failures, shown as notes. */
const extras = new Set<string>();
/** The notes gathered since the last call (the kit takes them after each check). */
export function takeNotes(): string[] {
  const out = [...extras];
  extras.clear();
  return out;
}

const short = (text: string, max = 160): string => (text.length > max ? `${text.slice(0, max)}…` : text);

export function status(answer: Answer, expected: number | number[], what: string): void {
  const ok = Array.isArray(expected) ? expected : [expected];
  if (!ok.includes(answer.status))
    throw new Mismatch(
      `${what}: status`,
      ok.join(' or '),
      `${answer.status} ${short(answer.text.replace(/\s+/g, ' '), 120)}`,
    );
}

export function failed(answer: Answer, what: string): void {
  if (answer.status >= 200 && answer.status < 300)
    throw new Mismatch(`${what}: status`, 'a non-2xx status', String(answer.status));
}

export function header(answer: Answer, name: string, expected: string | RegExp, what: string): string {
  const value = answer.headers.get(name);
  const ok = value !== null && (typeof expected === 'string' ? value === expected : expected.test(value));
  if (!ok)
    throw new Mismatch(`${what}: header ${name}`, String(expected), value === null ? '(absent)' : value);
  return value;
}

export function that(ok: boolean, what: string, expected: string, actual: unknown): void {
  if (!ok)
    throw new Mismatch(what, expected, short(typeof actual === 'string' ? actual : JSON.stringify(actual)));
}

export const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

export const isInt = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v);

export function object(v: unknown, what: string): Record<string, unknown> {
  if (!isObject(v)) throw new Mismatch(what, 'a JSON object', short(JSON.stringify(v) ?? 'no JSON body'));
  return v;
}

export function array(v: unknown, what: string): unknown[] {
  if (!Array.isArray(v))
    throw new Mismatch(what, 'a bare JSON array', short(JSON.stringify(v) ?? 'no JSON body'));
  return v;
}

type Kind = 'int' | 'string' | 'boolean' | 'array' | 'object' | 'any' | 'string|null';
const kindOk = (v: unknown, kind: Kind): boolean => {
  switch (kind) {
    case 'int':
      return isInt(v);
    case 'string':
      return typeof v === 'string';
    case 'string|null':
      return typeof v === 'string' || v === null;
    case 'boolean':
      return typeof v === 'boolean';
    case 'array':
      return Array.isArray(v);
    case 'object':
      return isObject(v);
    case 'any':
      return true;
  }
};

/**
 * The object has each key in exactly this casing with a value of that kind (`?` after a name:
 * optional). A key present only in another casing is named as a casing mismatch.
 */
export function keys(
  v: unknown,
  spec: Record<string, Kind>,
  what: string,
  /** the spec lists every key the reference has: others are noted */
  complete = true,
): Record<string, unknown> {
  const obj = object(v, what);
  for (const [raw, kind] of Object.entries(spec)) {
    const optional = raw.endsWith('?');
    const name = optional ? raw.slice(0, -1) : raw;
    if (!(name in obj)) {
      const other = Object.keys(obj).find((k) => k.toLowerCase() === name.toLowerCase());
      if (other !== undefined) throw new Mismatch(`${what}: key casing`, `'${name}'`, `'${other}'`);
      if (optional) continue;
      throw new Mismatch(`${what}: key`, `'${name}'`, `keys ${Object.keys(obj).join(',')}`);
    }
    if (!kindOk(obj[name], kind))
      throw new Mismatch(`${what}: ${name}`, `a ${kind}`, short(JSON.stringify(obj[name]) ?? 'undefined'));
  }
  const listed = new Set(Object.keys(spec).map((k) => k.replace(/\?$/, '')));
  const extra = Object.keys(obj).filter((k) => !listed.has(k));
  if (complete && extra.length > 0)
    extras.add(`${what} has keys the reference does not list: ${extra.join(', ')}`);
  return obj;
}

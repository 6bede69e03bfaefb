// The forms an environment variable's text may take (variables.ts): each a zod schema from the
// text to its typed value, and the words that name the form in an error and in
// docs/configuration.md. Blank text never reaches these: it means "unset" (variables.ts).
import { z } from 'zod';

export interface Form<T> {
  schema: z.ZodType<T, string>;
  /** what the value must be, after "must be" (e.g. "a whole number of minutes, at least 1") */
  form: string;
}

const digits = /^\d+$/;
const decimal = /^\d+(\.\d+)?$/;

/** `min` or more, whole: "20" (not "20m", "1e3", "2.5" or "-1"). */
export function wholeNumber(unit: string, min: number): Form<number> {
  return {
    schema: z
      .string()
      .regex(digits)
      .transform(Number)
      .refine((n) => Number.isSafeInteger(n) && n >= min),
    form: `a whole number of ${unit}${min > 0 ? `, at least ${min}` : ''}`,
  };
}

/** A decimal number of `unit` (e.g. "0.5"), more than 0 or, with `zero`, 0 or more. */
export function decimalNumber(unit: string, zero: 'zero allowed' | 'above zero'): Form<number> {
  return {
    schema: z
      .string()
      .regex(decimal)
      .transform(Number)
      .refine((n) => Number.isFinite(n) && (zero === 'zero allowed' ? n >= 0 : n > 0)),
    form: `a number of ${unit} (like 24 or 0.5)${zero === 'zero allowed' ? ', 0 or more' : ', more than 0'}`,
  };
}

export const port: Form<number> = {
  schema: z
    .string()
    .regex(digits)
    .transform(Number)
    .refine((n) => n <= 65535),
  form: 'a port number from 0 to 65535 (0: any free port)',
};

/** `1` on, `0` off. */
export const flag: Form<boolean> = {
  schema: z.enum(['0', '1']).transform((v) => v === '1'),
  form: '1 (on) or 0 (off)',
};

export const text: Form<string> = { schema: z.string(), form: 'any text' };

export const path: Form<string> = { schema: z.string(), form: 'a folder or file path' };

/** An http(s) address ending in a slash, e.g. the API's root. */
export const httpUrl: Form<string> = {
  schema: z
    .string()
    .refine((s) => /^https?:$/.test(urlOf(s)?.protocol ?? ''))
    .transform((s) => (s.endsWith('/') ? s : `${s}/`)),
  form: 'an http:// or https:// address like http://localhost:8080/Square9API/',
};

function urlOf(s: string): URL | undefined {
  try {
    return new URL(s);
  } catch {
    // not an address at all: the caller's refine reports the variable's form
    return undefined;
  }
}

/** An origin in its canonical form (scheme://host[:port], lower case, default port dropped). */
export function canonicalOrigin(text: string): string | undefined {
  const url = urlOf(text.trim());
  return url && (url.protocol === 'http:' || url.protocol === 'https:') ? url.origin : undefined;
}

const commaList = (s: string): string[] =>
  s
    .split(',')
    .map((p) => p.trim())
    .filter((p) => p !== '');

/** `*`, or comma-separated origins (canonical); `[]` never comes out (blank is unset). */
export const origins: Form<'*' | string[]> = {
  schema: z
    .string()
    .transform(commaList)
    .refine((parts) => parts.includes('*') || parts.every((p) => canonicalOrigin(p) !== undefined))
    .transform((parts) => (parts.includes('*') ? '*' : parts.map((p) => canonicalOrigin(p) ?? p))),
  form: '* or comma-separated origins like https://gs.example.com,http://localhost:5173',
};

/** A host name or `[IPv6]`, with an optional port 1-65535: `helper.example`, `helper.example:9080`. */
export function splitHost(text: string): { name: string; port: number | undefined } | undefined {
  const m = /^(\[[0-9a-f:.]+\]|[a-z0-9._-]+)(?::(\d{1,5}))?$/i.exec(text.trim());
  if (!m?.[1]) return undefined;
  const port = m[2] === undefined ? undefined : Number(m[2]);
  if (port !== undefined && (port < 1 || port > 65535)) return undefined;
  return { name: m[1].toLowerCase(), port };
}

export const hosts: Form<string[]> = {
  schema: z
    .string()
    .transform(commaList)
    .refine((parts) => parts.every((p) => splitHost(p) !== undefined))
    .transform((parts) => parts.map((p) => p.toLowerCase())),
  form: 'comma-separated host names like helper.example or helper.example:9080',
};

/** Comma-separated entries of free form (blanks dropped). */
export const list = (what: string): Form<string[]> => ({
  schema: z.string().transform(commaList),
  form: `comma-separated ${what}`,
});

/** Space-separated words (node flags). */
export const words: Form<string[]> = {
  schema: z.string().transform((s) => s.split(' ').filter(Boolean)),
  form: 'space-separated words',
};

// A field's RegEx (spec §5) runs on RE2 (re2js), whose time grows linearly with the value: a
// backtracking engine let an administrator's `^(\w+\s?)*$` hold the server for seconds on a short
// value (decision 046). The pattern is written as JavaScript/.NET spell it and translated (\uXXXX,
// named groups); what RE2 cannot run (backreferences, lookaround) is refused when the field is
// saved, and a stored one (an older database, an imported package) checks nothing, logged once.
import { RE2JS } from 're2js';

export type FieldRegexCompiled = { ok: true; re: RE2JS } | { ok: false; why: string };

/**
 * A backreference (`\1`, `\k<name>`): RE2 has none, and the translation would quietly read `\k`
 * as a plain `k`, so it is found before.
 */
function backreference(pattern: string): string | undefined {
  for (let i = 0; i < pattern.length - 1; i++) {
    if (pattern[i] !== '\\') continue;
    const next = pattern[i + 1] ?? '';
    if (next === 'k' || (next >= '1' && next <= '9')) return `\\${next}`;
    i++;
  }
  return undefined;
}

/** The pattern on RE2, or why it cannot run there. */
export function compileFieldRegex(pattern: string): FieldRegexCompiled {
  const backref = backreference(pattern);
  if (backref) return { ok: false, why: `backreference \`${backref}\`` };
  try {
    return { ok: true, re: RE2JS.compile(RE2JS.translateRegExp(pattern)) };
  } catch (error) {
    return { ok: false, why: error instanceof Error ? error.message : String(error) };
  }
}

/** Whether a backtracking engine would have taken it: RE2 then lacks the construct, it is not a typo. */
function compilesElsewhere(pattern: string): boolean {
  try {
    new RegExp(pattern);
    // the answer: RegExp refuses the pattern
    return true;
  } catch {
    return false;
  }
}

/** Why a pattern may not be saved as a field's RegEx, or undefined when it may. */
export function fieldRegexRefusal(pattern: string): string | undefined {
  if (pattern === '') return undefined;
  const compiled = compileFieldRegex(pattern);
  if (compiled.ok) return undefined;
  return compilesElsewhere(pattern)
    ? `The regular expression '${pattern}' uses what this server does not run ` +
        `(backreferences, lookahead or lookbehind): ${compiled.why}.`
    : `The regular expression '${pattern}' is not valid: ${compiled.why}.`;
}

const cache = new Map<string, RE2JS | null>();
const CACHE_LIMIT = 1000;

/**
 * The matcher of a stored RegEx as .NET's IsMatch reads it (unanchored), or null when there is
 * nothing to check: an empty pattern, or one RE2 cannot run (logged the first time it is seen).
 */
export function storedFieldRegex(pattern: string): RE2JS | null {
  if (pattern === '') return null;
  let re = cache.get(pattern);
  if (re === undefined) {
    const compiled = compileFieldRegex(pattern);
    re = compiled.ok ? compiled.re : null;
    if (!compiled.ok)
      console.warn(
        `A field's RegEx '${pattern.slice(0, 200)}' checks nothing: ${compiled.why.slice(0, 200)}`,
      );
    if (cache.size >= CACHE_LIMIT) cache.clear();
    cache.set(pattern, re);
  }
  return re;
}

// Character fields with a Mask or RegEx (spec §3, §5). Mask characters: '#' or '9' a digit, 'A' or
// 'L' a letter, '?' or 'X' a letter or digit, '*' any character; anything else is a literal the
// input fills in. RegEx is matched unanchored, as .NET's IsMatch does, on RE2 like the server; a pattern
// RE2 cannot run (invalid, backreferences, lookaround) checks nothing.
import type { RE2JS } from 're2js';

const SLOT = /[#9ALX?*]/;

const fits = (slot: string, ch: string): boolean => {
  if (slot === '#' || slot === '9') return /\d/.test(ch);
  if (slot === 'A' || slot === 'L') return /\p{L}/u.test(ch);
  if (slot === '?' || slot === 'X') return /[\p{L}\d]/u.test(ch);
  return true;
};

/** Typed text laid onto the mask: literals inserted, characters that do not fit dropped. */
export function applyCharacterMask(text: string, mask: string): string {
  if (!mask) return text;
  let out = '';
  let i = 0;
  for (const slot of mask) {
    if (i >= text.length) break;
    if (!SLOT.test(slot)) {
      out += slot;
      if (text[i] === slot) i++;
      continue;
    }
    while (i < text.length && !fits(slot, text[i] ?? '')) i++;
    if (i >= text.length) break;
    out += text[i];
    i++;
  }
  return out;
}

/** True when the text fills the mask exactly. */
export function matchesCharacterMask(text: string, mask: string): boolean {
  if (!mask) return true;
  if (text.length !== mask.length) return false;
  return [...mask].every((slot, i) => (SLOT.test(slot) ? fits(slot, text[i] ?? '') : text[i] === slot));
}

type Engine = typeof RE2JS;
let engine: Engine | undefined;
let loading: Promise<void> | undefined;

/**
 * Loads RE2 (re2js, about 45 KB of gzip) as its own chunk: in the search screen's bundle it would
 * break the 200 KB budget. A field definition with a RegEx starts it (regexOfField), as does the
 * first RegEx to check; until it has arrived a RegEx checks nothing, which the server's own check on
 * save covers (decision 046).
 */
export function loadRegexEngine(): Promise<void> {
  loading ??= import('re2js').then(
    (m) => {
      engine = m.RE2JS;
    },
    () => {
      loading = undefined; // offline for a moment: the next check tries again
    },
  );
  return loading;
}

/**
 * A field's RegEx as its definition arrives: the engine starts loading then, so it is there before
 * anyone types into the field (a check before it has arrived would pass anything).
 */
export function regexOfField(pattern: string | undefined): string {
  if (pattern) void loadRegexEngine();
  return pattern ?? '';
}

/** Whether RE2 has arrived, so a RegEx check now really checks. */
export const regexEngineLoaded = (): boolean => engine !== undefined;

const cache = new Map<string, RE2JS | null>();

/**
 * A backreference (`\1`, `\k<name>`): RE2 has none and the translation would read `\k` as `k`,
 * so such a pattern checks nothing, as on the server.
 */
function hasBackreference(pattern: string): boolean {
  for (let i = 0; i < pattern.length - 1; i++) {
    if (pattern[i] !== '\\') continue;
    const next = pattern[i + 1] ?? '';
    if (next === 'k' || (next >= '1' && next <= '9')) return true;
    i++;
  }
  return false;
}

function compile(re2: Engine, pattern: string): RE2JS | null {
  if (hasBackreference(pattern)) return null;
  try {
    return re2.compile(re2.translateRegExp(pattern));
  } catch {
    return null;
  }
}

/** The field's RegEx on RE2, in time linear in the text, as the server runs it (decision 046). */
export function matchesRegex(text: string, pattern: string): boolean {
  if (!pattern) return true;
  if (!engine) {
    void loadRegexEngine();
    return true;
  }
  let re = cache.get(pattern);
  if (re === undefined) {
    re = compile(engine, pattern);
    cache.set(pattern, re);
  }
  return re ? re.test(text) : true;
}

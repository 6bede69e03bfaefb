// Character fields with a Mask or RegEx (spec §3, §5). Mask characters: '#' or '9' a digit, 'A' or
// 'L' a letter, '?' or 'X' a letter or digit, '*' any character; anything else is a literal the
// input fills in. RegEx is matched unanchored, as .NET's IsMatch does; an invalid pattern checks nothing.

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

const cache = new Map<string, RegExp | null>();

export function matchesRegex(text: string, pattern: string): boolean {
  if (!pattern) return true;
  let re = cache.get(pattern);
  if (re === undefined) {
    try {
      re = new RegExp(pattern);
    } catch {
      re = null;
    }
    cache.set(pattern, re);
  }
  return re ? re.test(text) : true;
}

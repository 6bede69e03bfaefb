// Date fields (spec §5): the masks MDY, DMY, YMD and YDM (the field's Mask, or the locale's own
// order for 'd' and none), '@today' (with an optional +/- days) in prompts, the picker's bounds
// (1900 to 100 years ahead) and the wire form MM/DD/YYYY.

export type DateMask = 'MDY' | 'DMY' | 'YMD' | 'YDM';
export const DATE_MASKS: readonly DateMask[] = ['MDY', 'DMY', 'YMD', 'YDM'];

export interface DateParts {
  year: number;
  month: number;
  day: number;
}

const TODAY = /^@today\s*(?:[+-]\s*\d{1,6})?$/i;

export const isTodayExpression = (text: string): boolean => TODAY.test(text.trim());

const localeMasks = new Map<string, DateMask>();

/** The order of day, month and year in the locale's short dates. */
export function localeDateMask(locale: string): DateMask {
  let mask = localeMasks.get(locale);
  if (!mask) {
    mask = readLocaleDateMask(locale);
    localeMasks.set(locale, mask);
  }
  return mask;
}

function readLocaleDateMask(locale: string): DateMask {
  try {
    const order = new Intl.DateTimeFormat(locale, { year: 'numeric', month: '2-digit', day: '2-digit' })
      .formatToParts(new Date(Date.UTC(2001, 10, 22)))
      .map((p) => p.type)
      .filter((t) => t === 'year' || t === 'month' || t === 'day')
      .map((t) => t[0]?.toUpperCase())
      .join('');
    return (DATE_MASKS as readonly string[]).includes(order) ? (order as DateMask) : 'MDY';
  } catch {
    return 'MDY';
  }
}

/** A field's date mask: MDY/DMY/YMD/YDM as given (any case), otherwise the locale's order. */
export function dateMaskOf(fieldMask: string | undefined, locale: string): DateMask {
  const m = (fieldMask ?? '').trim().toUpperCase();
  return (DATE_MASKS as readonly string[]).includes(m) ? (m as DateMask) : localeDateMask(locale);
}

/** "MM/DD/YYYY" and friends, for placeholders. */
export const datePlaceholder = (mask: DateMask): string =>
  mask
    .split('')
    .map((c) => (c === 'Y' ? 'YYYY' : c === 'M' ? 'MM' : 'DD'))
    .join('/');

export function isValidParts({ year, month, day }: DateParts): boolean {
  if (year < 1 || year > 9999 || month < 1 || month > 12 || day < 1) return false;
  const d = new Date(Date.UTC(2000, month - 1, day));
  d.setUTCFullYear(year);
  return d.getUTCMonth() === month - 1 && d.getUTCDate() === day;
}

/** Text typed in the mask's order, separated by / - . or spaces; null when it is not a real date. */
export function parseMaskedDate(text: string, mask: DateMask): DateParts | null {
  const pieces = text.trim().split(/[/.\-\s]+/);
  if (pieces.length !== 3 || pieces.some((p) => !/^\d+$/.test(p))) return null;
  const parts: DateParts = { year: 0, month: 0, day: 0 };
  for (let i = 0; i < 3; i++) {
    const piece = pieces[i] ?? '';
    const kind = mask[i];
    if (kind === 'Y') {
      if (piece.length !== 4) return null;
      parts.year = Number(piece);
    } else {
      if (piece.length > 2) return null;
      if (kind === 'M') parts.month = Number(piece);
      else parts.day = Number(piece);
    }
  }
  return isValidParts(parts) ? parts : null;
}

const two = (n: number): string => String(n).padStart(2, '0');
const four = (n: number): string => String(n).padStart(4, '0');

export function formatMaskedDate(parts: DateParts, mask: DateMask): string {
  return mask
    .split('')
    .map((c) => (c === 'Y' ? four(parts.year) : c === 'M' ? two(parts.month) : two(parts.day)))
    .join('/');
}

/** The wire form of a date value: MM/DD/YYYY. */
export const toWireDate = (parts: DateParts): string =>
  `${two(parts.month)}/${two(parts.day)}/${four(parts.year)}`;

/** A date the server sent (M/D/YYYY, optionally with a time, or ISO); null otherwise. */
export function parseWireDate(text: string): DateParts | null {
  const v = text.trim();
  const us = /^(\d{1,2})\/(\d{1,2})\/(\d{4})(?:[ T].*)?$/.exec(v);
  const iso = /^(\d{4})-(\d{2})-(\d{2})(?:[ T].*)?$/.exec(v);
  const parts = us
    ? { year: Number(us[3]), month: Number(us[1]), day: Number(us[2]) }
    : iso
      ? { year: Number(iso[1]), month: Number(iso[2]), day: Number(iso[3]) }
      : null;
  return parts && isValidParts(parts) ? parts : null;
}

/** A server date shown in the field's mask; text that is no date is shown as it came. */
export function displayWireDate(text: string, mask: DateMask): string {
  const parts = parseWireDate(text);
  if (!parts) return text;
  const time = /^\S+\s+(.+)$/.exec(text.trim())?.[1];
  return time ? `${formatMaskedDate(parts, mask)} ${time}` : formatMaskedDate(parts, mask);
}

/** Digits typed into a masked date input get their separators: "12252024" -> "12/25/2024".
 * Text the user separates themselves ("1/5/2024") and '@today' are left alone. */
export function maskDateInput(text: string, mask: DateMask): string {
  if (!/^[\d/]+$/.test(text)) return text;
  const widths = mask.split('').map((c) => (c === 'Y' ? 4 : 2));
  const segments = text.split('/');
  // a short segment the user closed with '/' ("1/5/2024") is theirs: leave the text alone
  if (segments.slice(0, -1).some((seg, i) => seg.length !== widths[i])) return text;
  const digits = segments.join('');
  const out: string[] = [];
  let at = 0;
  for (const width of widths) {
    if (at >= digits.length) break;
    out.push(digits.slice(at, at + width));
    at += width;
  }
  const closed = text.endsWith('/') && out.length < 3 && out.at(-1)?.length === widths[out.length - 1];
  return out.join('/') + (closed ? '/' : '') + digits.slice(at);
}

/** Picker bounds: from 1 January 1900 to 31 December, 100 years from now (ISO, for input[type=date]). */
export function datePickerBounds(now: Date = new Date()): { min: string; max: string } {
  return { min: '1900-01-01', max: `${now.getFullYear() + 100}-12-31` };
}

export const partsToIso = (p: DateParts): string => `${four(p.year)}-${two(p.month)}-${two(p.day)}`;

export function isoToParts(iso: string): DateParts | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  if (!m) return null;
  const parts = { year: Number(m[1]), month: Number(m[2]), day: Number(m[3]) };
  return isValidParts(parts) ? parts : null;
}

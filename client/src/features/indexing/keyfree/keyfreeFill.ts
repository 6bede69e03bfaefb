// KeyFree's rules (end-user spec §4, §8): the text of the clicked word or of the words dragged
// over (in reading order), what it becomes in a field (list fields: one of the list's items or
// KEYFREE_LIST_ITEM_NOT_FOUND; dates and numbers parsed with the field's type and mask through the
// client's field parsing, INVALID_DT / INVALID_INT_OR_DEC otherwise; text cut at nothing, too long
// is FIELD_LENGTH_OVER), and which field is next (none: the tool stops).
import type { PageWord } from '@gs/contract/dataExtraction';
import { FieldType } from '@gs/contract/flags';
import { dateMaskOf, formatMaskedDate, parseMaskedDate } from '../../../lib/dates';
import { fieldKind, type FieldSpec } from '../../../lib/fieldSpec';
import { checkFieldValue, toEditText, toWireValue } from '../../../lib/fieldValidation';
import { readNumberEntry } from '../../../lib/numberInput';
import { FieldCheckCode } from '@gs/contract/fieldChecks';

export type KeyFreeError =
  'KEYFREE_LIST_ITEM_NOT_FOUND' | 'INVALID_DT' | 'INVALID_INT_OR_DEC' | 'FIELD_LENGTH_OVER';
export type KeyFreeFill = { ok: true; value: string } | { ok: false; error: KeyFreeError };

/** A rectangle in page-relative units (0..1). */
export interface PageRect {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

const byReadingOrder = (a: PageWord, b: PageWord): number =>
  a.Line - b.Line || a.Top - b.Top || a.Left - b.Left;

/** The words a rectangle touches, in reading order. */
export function wordsInRect(words: readonly PageWord[], rect: PageRect): PageWord[] {
  return words
    .filter(
      (w) =>
        w.Left < rect.right &&
        w.Left + w.Width > rect.left &&
        w.Top < rect.bottom &&
        w.Top + w.Height > rect.top,
    )
    .sort(byReadingOrder);
}

/** The text of some words: in reading order, one space between words. */
export const textOfWords = (words: readonly PageWord[]): string =>
  [...words]
    .sort(byReadingOrder)
    .map((w) => w.Value.trim())
    .filter((v) => v !== '')
    .join(' ');

const norm = (text: string): string => text.trim().replace(/\s+/g, ' ').toLowerCase();

/**
 * The list item the text names: the item equal to it (case and spacing aside), else the one item
 * containing it (a click on one word of a longer name), else the one item it contains (a drag that
 * took a word too many); several candidates or none is no match.
 */
export function matchListItem(items: readonly string[], text: string): string | undefined {
  const wanted = norm(text);
  if (!wanted) return undefined;
  const exact = items.find((i) => norm(i) === wanted);
  if (exact !== undefined) return exact;
  const containing = items.filter((i) => norm(i).includes(wanted));
  if (containing.length === 1) return containing[0];
  const contained = items.filter((i) => norm(i) !== '' && wanted.includes(norm(i)));
  return contained.length === 1 ? contained[0] : undefined;
}

/** Trailing punctuation a printed value carries ("12/03/2025." or "INV-1,") is not part of it. */
const trimPunctuation = (text: string): string => text.trim().replace(/[.,;:]+$/, '');

/** A printed amount's currency signs around it ("$1,234.56", "12,50 €") are not part of the number. */
const trimCurrencySigns = (text: string): string => text.replace(/^[\p{Sc}\s]+|[\p{Sc}\s]+$/gu, '');

/**
 * Words read as a number by the one strict reading (numberInput.ts): the whole word must be a
 * number, its grouping where the locale puts it ("1,234" is 1234 in en, "1.5" is no integer).
 */
function numberFill(spec: FieldSpec, text: string, locale: string): KeyFreeFill {
  const candidates = [text, trimPunctuation(text)].flatMap((c) => [c, trimCurrencySigns(c)]);
  for (const candidate of candidates) {
    if (spec.type === FieldType.Integer) {
      // a printed integer may be grouped: read as a decimal, it must have no fraction
      const wire = readNumberEntry(candidate, { kind: 'decimal', locale });
      if (wire !== null && readNumberEntry(wire, { kind: 'integer', locale }) !== null)
        return { ok: true, value: wire };
      continue;
    }
    if (checkFieldValue(spec, candidate, { locale }).code === FieldCheckCode.Valid)
      return { ok: true, value: toEditText(spec, toWireValue(spec, candidate, locale), locale) };
  }
  return { ok: false, error: 'INVALID_INT_OR_DEC' };
}

function dateFill(spec: FieldSpec, text: string, locale: string): KeyFreeFill {
  const mask = dateMaskOf(spec.mask, locale);
  const parts = parseMaskedDate(text.trim(), mask) ?? parseMaskedDate(trimPunctuation(text), mask);
  return parts ? { ok: true, value: formatMaskedDate(parts, mask) } : { ok: false, error: 'INVALID_DT' };
}

/**
 * What the clicked text becomes in a field. `items` are the list's items for list fields (an
 * empty list matches nothing).
 */
export function keyFreeValue(
  spec: FieldSpec,
  text: string,
  options: { locale: string; items?: readonly string[] },
): KeyFreeFill {
  switch (spec.type) {
    case FieldType.Integer:
    case FieldType.Decimal:
      return numberFill(spec, text, options.locale);
    case FieldType.Date:
      return dateFill(spec, text, options.locale);
  }
  const value = text.trim().replace(/\s+/g, ' ');
  if (fieldKind(spec) !== 'text') {
    const item = matchListItem(options.items ?? [], value);
    return item === undefined
      ? { ok: false, error: 'KEYFREE_LIST_ITEM_NOT_FOUND' }
      : { ok: true, value: item };
  }
  if (spec.size > 0 && value.length > spec.size) return { ok: false, error: 'FIELD_LENGTH_OVER' };
  return { ok: true, value };
}

/** The field after `current` in the form's order, or null when it was the last (the tool stops). */
export function nextFieldId(order: readonly number[], current: number): number | null {
  const at = order.indexOf(current);
  if (at < 0) return order[0] ?? null;
  return order[at + 1] ?? null;
}

// KeyFree's click-to-fill rules: reading order of dragged words, the next field and the stop after
// the last, list matching (KEYFREE_LIST_ITEM_NOT_FOUND), dates and numbers through the field's type
// and mask.
import { describe, expect, it } from 'vitest';
import type { PageWord } from '@gs/contract/dataExtraction';
import { FieldProp, FieldType } from '@gs/contract/flags';
import { keyFreeValue, matchListItem, nextFieldId, textOfWords, wordsInRect } from './keyfreeFill';
import { fieldSpec } from '../../../test/fieldSpecs';

const spec = fieldSpec;
const word = (Value: string, Left: number, Line: number): PageWord => ({
  Value,
  Left,
  Top: Line * 0.02,
  Width: 0.05,
  Height: 0.015,
  Line,
});
const VENDORS = [
  'Pacific Fastener Supply',
  'Cascade Chemical Solutions',
  'Cascade Fuel Cards',
  'Rose City Printing',
];
const en = { locale: 'en-US' };

describe('the words dragged over', () => {
  const words = [
    word('Supply', 0.3, 3),
    word('Pacific', 0.1, 3),
    word('Fastener', 0.2, 3),
    word('Tel', 0.8, 3),
    word('Invoice', 0.1, 5),
  ];
  it('are the words the rectangle touches, read line by line and left to right', () => {
    const hit = wordsInRect(words, { left: 0.12, top: 0.05, right: 0.32, bottom: 0.07 });
    expect(textOfWords(hit)).toBe('Pacific Fastener Supply');
    expect(wordsInRect(words, { left: 0.5, top: 0.5, right: 0.6, bottom: 0.6 })).toEqual([]);
  });
});

describe('the next field', () => {
  it('follows the form order and ends after the last field', () => {
    expect(nextFieldId([4, 7, 9], 4)).toBe(7);
    expect(nextFieldId([4, 7, 9], 7)).toBe(9);
    expect(nextFieldId([4, 7, 9], 9)).toBeNull();
    // no field focused yet: the first
    expect(nextFieldId([4, 7, 9], 0)).toBe(4);
    expect(nextFieldId([], 0)).toBeNull();
  });
});

describe('list fields', () => {
  const vendor = spec({ listId: 3, prop: FieldProp.Required });
  const dropdown = spec({ listId: 3, prop: FieldProp.DropdownList });
  it('take the list item the clicked text names', () => {
    expect(keyFreeValue(vendor, 'pacific  fastener SUPPLY', { ...en, items: VENDORS })).toEqual({
      ok: true,
      value: 'Pacific Fastener Supply',
    });
    // one word of a longer name that only one item has
    expect(keyFreeValue(dropdown, 'Rose', { ...en, items: VENDORS })).toEqual({
      ok: true,
      value: 'Rose City Printing',
    });
    // a drag that took a word too many
    expect(matchListItem(VENDORS, 'Pacific Fastener Supply Tel')).toBe('Pacific Fastener Supply');
  });
  it('show KEYFREE_LIST_ITEM_NOT_FOUND when no item or several items match', () => {
    expect(keyFreeValue(vendor, 'Northwind Traders', { ...en, items: VENDORS })).toEqual({
      ok: false,
      error: 'KEYFREE_LIST_ITEM_NOT_FOUND',
    });
    expect(keyFreeValue(vendor, 'Cascade', { ...en, items: VENDORS })).toEqual({
      ok: false,
      error: 'KEYFREE_LIST_ITEM_NOT_FOUND',
    });
    expect(keyFreeValue(vendor, 'Pacific', { ...en, items: [] })).toEqual({
      ok: false,
      error: 'KEYFREE_LIST_ITEM_NOT_FOUND',
    });
  });
});

describe('dates', () => {
  const date = spec({ type: FieldType.Date, mask: 'd' });
  it("are parsed with the field's mask and the locale's order", () => {
    expect(keyFreeValue(date, '03/14/2025', en)).toEqual({ ok: true, value: '03/14/2025' });
    expect(keyFreeValue(date, '3/4/2025.', en)).toEqual({ ok: true, value: '03/04/2025' });
    // day first in a day-first locale
    expect(keyFreeValue(date, '14/03/2025', { locale: 'fr-FR' })).toEqual({ ok: true, value: '14/03/2025' });
    expect(keyFreeValue(date, '14/03/2025', en)).toEqual({ ok: false, error: 'INVALID_DT' });
    expect(keyFreeValue(date, 'INV-10042', en)).toEqual({ ok: false, error: 'INVALID_DT' });
  });
});

describe('numbers', () => {
  it('take integers with grouping and refuse words', () => {
    const qty = spec({ type: FieldType.Integer });
    expect(keyFreeValue(qty, '1,204', en)).toEqual({ ok: true, value: '1204' });
    expect(keyFreeValue(qty, '12', en)).toEqual({ ok: true, value: '12' });
    expect(keyFreeValue(qty, 'Total', en)).toEqual({ ok: false, error: 'INVALID_INT_OR_DEC' });
  });
  it('take printed amounts into decimal and currency fields in the locale', () => {
    const amount = spec({ type: FieldType.Decimal, mask: 'C' });
    const plain = spec({ type: FieldType.Decimal });
    expect(keyFreeValue(amount, '$1,234.56', en)).toMatchObject({ ok: true });
    expect(keyFreeValue(plain, '$1,234.56', en)).toEqual({ ok: true, value: '1234.56' });
    expect(keyFreeValue(plain, '12,5', { locale: 'de-DE' })).toEqual({ ok: true, value: '12,5' });
    expect(keyFreeValue(plain, 'due', en)).toEqual({ ok: false, error: 'INVALID_INT_OR_DEC' });
  });
  it('refuse a word that is not one whole number rather than read another number in it (decision 049)', () => {
    const qty = spec({ type: FieldType.Integer });
    const plain = spec({ type: FieldType.Decimal });
    const amount = spec({ type: FieldType.Decimal, mask: 'C' });
    // before, "12.5" became 125 in German and in an integer field, "12abc" became 12
    expect(keyFreeValue(plain, '12.5', { locale: 'de-DE' })).toEqual({
      ok: false,
      error: 'INVALID_INT_OR_DEC',
    });
    expect(keyFreeValue(qty, '12.5', en)).toEqual({ ok: false, error: 'INVALID_INT_OR_DEC' });
    for (const word of ['12abc', '1.2.3', '1,23.4'])
      for (const field of [qty, plain, amount])
        expect(keyFreeValue(field, word, en), word).toEqual({ ok: false, error: 'INVALID_INT_OR_DEC' });
  });
});

describe('text fields', () => {
  it('take the text as printed and refuse what is longer than the field', () => {
    expect(keyFreeValue(spec({ size: 30 }), ' INV-10042 ', en)).toEqual({ ok: true, value: 'INV-10042' });
    expect(keyFreeValue(spec({ size: 5 }), 'INV-10042', en)).toEqual({
      ok: false,
      error: 'FIELD_LENGTH_OVER',
    });
  });
});

import { describe, expect, it } from 'vitest';
import { FIELD_CHECK_MESSAGE_KEYS, FieldCheckCode } from '@gs/contract/fieldChecks';
import { FieldProp, FieldType } from '@gs/contract/flags';
import { canEditField, fieldKind } from './fieldSpec';
import { checkFieldValue, checkFieldValues, toEditText, toWireValue } from './fieldValidation';
import { displayFieldValue } from './fieldDisplay';
import { fieldSpec } from '../test/fieldSpecs';

const field = fieldSpec;
const en = { locale: 'en-US' };
const fr = { locale: 'fr' };

describe('field value checks, codes -1 to -6', () => {
  it('-5 for a required field left blank (Prop 2, or any field in an inbox)', () => {
    expect(checkFieldValue(field({ prop: FieldProp.Required }), ' ', en).code).toBe(FieldCheckCode.Required);
    expect(checkFieldValue(field(), '', { ...en, inInbox: true }).code).toBe(FieldCheckCode.Required);
    expect(checkFieldValue(field(), '', en).code).toBe(FieldCheckCode.Valid);
  });
  it('-3 beyond the maximum length', () => {
    expect(checkFieldValue(field({ size: 5 }), '123456', en).code).toBe(FieldCheckCode.LengthOverflow);
    expect(checkFieldValue(field({ size: 5 }), '12345', en).code).toBe(FieldCheckCode.Valid);
  });
  it('-1 for numbers that are not 64-bit integers or locale decimals', () => {
    const int = field({ type: FieldType.Integer });
    expect(checkFieldValue(int, '12.5', en).code).toBe(FieldCheckCode.InvalidNumber);
    expect(checkFieldValue(int, '99999999999999999999', en).code).toBe(FieldCheckCode.InvalidNumber);
    expect(checkFieldValue(int, '-42', en).code).toBe(FieldCheckCode.Valid);
    const dec = field({ type: FieldType.Decimal });
    expect(checkFieldValue(dec, '12,5', fr).code).toBe(FieldCheckCode.Valid);
    expect(checkFieldValue(dec, '12.5', fr).code).toBe(FieldCheckCode.InvalidNumber);
    expect(checkFieldValue(dec, 'abc', en).code).toBe(FieldCheckCode.InvalidNumber);
  });
  it('accepts currency text in a currency field', () => {
    const money = field({ type: FieldType.Decimal, mask: 'C' });
    expect(checkFieldValue(money, '$2,999.99', en).code).toBe(FieldCheckCode.Valid);
    expect(checkFieldValue(money, 'lots', en).code).toBe(FieldCheckCode.InvalidNumber);
    expect(toWireValue(money, '$2,999.99', 'en-US')).toBe('2999.99');
  });
  it('-1 for an entry that is not one whole number, in every number field (issue 27, decision 049)', () => {
    const money = field({ type: FieldType.Decimal, mask: 'C' });
    const dec = field({ type: FieldType.Decimal });
    const int = field({ type: FieldType.Integer });
    for (const f of [money, dec, int])
      for (const text of ['12abc', '1.2.3', '99999999999999999999999', '1,23.4'])
        expect(checkFieldValue(f, text, en).code, `${text} (type ${f.type})`).toBe(
          FieldCheckCode.InvalidNumber,
        );
    // grouping where en-US puts it is that very number; an integer takes digits only (spec §5)
    expect(checkFieldValue(int, '1,234', en).code).toBe(FieldCheckCode.InvalidNumber);
    for (const f of [money, dec]) {
      expect(checkFieldValue(f, '1,234.50', en).code).toBe(FieldCheckCode.Valid);
      expect(toWireValue(f, '1,234.50', 'en-US')).toBe('1234.50');
    }
    expect(checkFieldValue(money, '1.234,50 $', { locale: 'de-u-cu-usd' }).code).toBe(FieldCheckCode.Valid);
    expect(toWireValue(money, '1.234,50 $', 'de-u-cu-usd')).toBe('1234.50');
  });
  it('-2 for dates that do not parse in the mask', () => {
    const date = field({ type: FieldType.Date, mask: 'DMY' });
    expect(checkFieldValue(date, '31/12/2024', en).code).toBe(FieldCheckCode.Valid);
    expect(checkFieldValue(date, '12/31/2024', en).code).toBe(FieldCheckCode.InvalidDate);
    expect(toWireValue(date, '31/12/2024', 'en-US')).toBe('12/31/2024');
  });
  it('-6 with a reason for RegEx, Mask and list refusals', () => {
    const vendor = field({ regex: '^V\\d{5}$' });
    expect(checkFieldValue(vendor, 'V1', en)).toEqual({ code: FieldCheckCode.Custom, reason: 'format' });
    expect(checkFieldValue(field({ mask: '###' }), '12', en)).toEqual({
      code: FieldCheckCode.Custom,
      reason: 'mask',
    });
    const list = field({ listId: 4 });
    expect(checkFieldValue(list, 'FedEx', { ...en, items: ['UPS', 'USPS'] })).toEqual({
      code: FieldCheckCode.Custom,
      reason: 'notInList',
    });
    expect(checkFieldValue(list, 'usps', { ...en, items: ['UPS', 'USPS'] }).code).toBe(FieldCheckCode.Valid);
  });
  it('checks every value of a multi-value field', () => {
    const gl = field({ prop: FieldProp.MultiValue, size: 4 });
    expect(checkFieldValues(gl, ['1000', '20000'], en).code).toBe(FieldCheckCode.LengthOverflow);
    expect(checkFieldValues(gl, ['1000', ''], en).code).toBe(FieldCheckCode.Valid);
  });
  it('maps each code to its translation key', () => {
    expect(FIELD_CHECK_MESSAGE_KEYS[-1]).toBe('INVALID_INT_OR_DEC');
    expect(FIELD_CHECK_MESSAGE_KEYS[-2]).toBe('INVALID_DT');
    expect(FIELD_CHECK_MESSAGE_KEYS[-3]).toBe('FIELD_LENGTH_OVER');
    expect(FIELD_CHECK_MESSAGE_KEYS[-4]).toBe('FIELD_NOT_FOUND');
    expect(FIELD_CHECK_MESSAGE_KEYS[-5]).toBe('REQUIRED_FIELD');
    expect(FIELD_CHECK_MESSAGE_KEYS[-6]).toBeUndefined();
  });
});

describe('field kinds and editability', () => {
  it('tells dropdowns, dynamic lists, type-aheads and free text apart', () => {
    expect(fieldKind(field({ prop: FieldProp.DropdownList, listId: 3 }))).toBe('dropdown');
    expect(fieldKind(field({ prop: FieldProp.DynamicList, listId: 3, parent: 9 }))).toBe('dynamic');
    expect(fieldKind(field({ listId: 3 }))).toBe('typeahead');
    expect(fieldKind(field())).toBe('text');
  });
  it('never edits system, multi-value, table or child fields', () => {
    for (const bit of [4, 8, 16, 32, 256, 512, 1024, 2048, 4096, 8192])
      expect(canEditField(field({ prop: bit })), String(bit)).toBe(false);
    expect(canEditField(field({ parent: 3 }))).toBe(false);
    expect(canEditField(field({ prop: FieldProp.Required | FieldProp.DropdownList }))).toBe(true);
  });
});

describe('display and edit text', () => {
  it('shows dates in the mask and currencies formatted', () => {
    expect(displayFieldValue(field({ type: FieldType.Date, mask: 'YMD' }), '1/5/2024', 'en-US')).toBe(
      '2024/01/05',
    );
    expect(displayFieldValue(field({ type: FieldType.Decimal, mask: 'C' }), '2999.99', 'en-US')).toBe(
      '$2,999.99',
    );
    expect(displayFieldValue(field(), 'plain', 'en-US')).toBe('plain');
  });
  it('edits decimals with the locale separator and dates in the mask', () => {
    expect(toEditText(field({ type: FieldType.Decimal }), '12.5', 'fr')).toBe('12,5');
    expect(toEditText(field({ type: FieldType.Date, mask: 'DMY' }), '12/31/2024', 'en-US')).toBe(
      '31/12/2024',
    );
    expect(toWireValue(field({ type: FieldType.Decimal }), '12,5', 'fr')).toBe('12.5');
  });
});

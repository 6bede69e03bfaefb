import { describe, expect, it } from 'vitest';
import { FieldCheckCode } from '@gs/contract/fieldChecks';
import { FieldProp, FieldType, type FieldTypeCode } from '@gs/contract/flags';
import type { FieldRule } from '../repos/fieldRulesRepo';
import { checkField, type CheckContext, type FieldCheck } from './fieldValidation';
import { parseDate, parseDecimal, parseInteger, toWireText } from './fieldValues';

const rule = (type: FieldTypeCode, extra: Partial<FieldRule> = {}): FieldRule => ({
  id: 7,
  databaseId: 1,
  name: 'Field',
  type,
  size: 50,
  mask: '',
  regex: '',
  regexMessage: '',
  prop: 0,
  listId: 0,
  parentId: 0,
  listF1: 0,
  listF2: 0,
  ...extra,
});
const ctx = (items: string[] = [], overwriteSystem = false): CheckContext => ({
  offeredItems: () => items,
  overwriteSystem,
});
const check = (r: FieldRule | undefined, val: string, mval: string[] = [], c = ctx()): FieldCheck =>
  checkField(r, { id: 7, val, mval }, c);
const codeOf = (c: FieldCheck): number => (c.valid ? FieldCheckCode.Valid : c.code);
const written = (c: FieldCheck): unknown => {
  if (!c.valid) throw new Error(`invalid: ${c.message}`);
  return c.write.multi ? c.write.values : c.write.value;
};

describe('value parsers', () => {
  it('integers: optional minus, at most 19 digits, signed 64-bit', () => {
    expect(parseInteger('42')).toBe(42n);
    expect(parseInteger(' -0042 ')).toBe(-42n);
    expect(parseInteger('9223372036854775807')).toBe(9223372036854775807n);
    expect(parseInteger('-9223372036854775808')).toBe(-9223372036854775808n);
    for (const bad of [
      '9223372036854775808',
      '-9223372036854775809',
      '12345678901234567890',
      '+1',
      '1e3',
      '1.0',
      '1,000',
      '',
      '-',
    ])
      expect(parseInteger(bad), bad).toBeUndefined();
  });
  it('decimals: digits with a point', () => {
    expect(parseDecimal('2999.99')).toBe(2999.99);
    expect(parseDecimal('-.5')).toBe(-0.5);
    expect(parseDecimal('12.')).toBe(12);
    for (const bad of ['$1', '1,5', '1.2.3', 'abc', '1e5', '', '.', '-', '12abc'])
      expect(parseDecimal(bad), bad).toBeUndefined();
  });
  it('decimals: at most 15 significant digits, refused beyond rather than rounded', () => {
    expect(parseDecimal('123456789012345')).toBe(123456789012345);
    expect(parseDecimal('0.000000000000001')).toBe(1e-15);
    expect(parseDecimal('00012345678901234.5000')).toBe(12345678901234.5);
    for (const bad of ['99999999999999999999999', '1234567890123456', '0.1234567890123456'])
      expect(parseDecimal(bad), bad).toBeUndefined();
  });
  it('dates: MM/DD/YYYY, M/D/YYYY and ISO, stored as an ISO day', () => {
    expect(parseDate('10/29/2020')).toBe('2020-10-29');
    expect(parseDate('1/2/2021')).toBe('2021-01-02');
    expect(parseDate('2021-03-04')).toBe('2021-03-04');
    expect(parseDate('2021-03-04T10:20:30.1234567-04:00')).toBe('2021-03-04');
    expect(parseDate('02/29/2024')).toBe('2024-02-29');
    for (const bad of ['02/30/2021', '13/01/2021', '2021-13-01', '29/10/2020', 'yesterday', '2021/03/04', ''])
      expect(parseDate(bad), bad).toBeUndefined();
  });
  it('wire text of stored values', () => {
    expect(toWireText(FieldType.Date, '2020-10-29')).toBe('10/29/2020');
    expect(toWireText(FieldType.Date, '2025-01-02T03:04:05')).toBe('01/02/2025 03:04:05');
    expect(toWireText(FieldType.Integer, 9223372036854775807n)).toBe('9223372036854775807');
    expect(toWireText(FieldType.Decimal, 10.5)).toBe('10.5');
    expect(toWireText(FieldType.Character, null)).toBe('');
  });
});

describe('checkField', () => {
  it('-4 for a field that is not in the archive', () => {
    const c = check(undefined, 'x');
    expect(c).toMatchObject({ valid: false, code: FieldCheckCode.NotFound, id: 7 });
  });

  it('character: length up to Size (-3), RegEx with its message or a default (-6)', () => {
    expect(written(check(rule(FieldType.Character, { size: 5 }), 'abcde'))).toBe('abcde');
    expect(codeOf(check(rule(FieldType.Character, { size: 5 }), 'abcdef'))).toBe(
      FieldCheckCode.LengthOverflow,
    );
    const coded = rule(FieldType.Character, {
      regex: '^[A-Z]{2}\\d{3}$',
      regexMessage: 'Two letters, three digits.',
    });
    expect(written(check(coded, 'AB123'))).toBe('AB123');
    expect(check(coded, 'ab123')).toMatchObject({
      code: FieldCheckCode.Custom,
      message: 'Two letters, three digits.',
    });
    const plain = rule(FieldType.Character, { regex: '^\\d+$', name: 'Zip' });
    expect(check(plain, 'x1')).toMatchObject({
      code: FieldCheckCode.Custom,
      message: "'x1' does not match the format of 'Zip'.",
    });
    // an invalid pattern checks nothing rather than refusing every value
    expect(codeOf(check(rule(FieldType.Character, { regex: '([' }), 'anything'))).toBe(FieldCheckCode.Valid);
  });

  it('integer and decimal: -1; values typed for storage', () => {
    expect(written(check(rule(FieldType.Integer), '-9223372036854775808'))).toBe(-9223372036854775808n);
    expect(codeOf(check(rule(FieldType.Integer), '1.5'))).toBe(FieldCheckCode.InvalidNumber);
    expect(codeOf(check(rule(FieldType.Integer), '99999999999999999999'))).toBe(FieldCheckCode.InvalidNumber);
    expect(written(check(rule(FieldType.Decimal, { mask: 'C' }), '2999.99'))).toBe(2999.99);
    expect(codeOf(check(rule(FieldType.Decimal), '$2,999.99'))).toBe(FieldCheckCode.InvalidNumber);
  });

  it('date: -2; stored as YYYY-MM-DD', () => {
    expect(written(check(rule(FieldType.Date), '12/31/2024'))).toBe('2024-12-31');
    expect(codeOf(check(rule(FieldType.Date), '31/12/2024'))).toBe(FieldCheckCode.InvalidDate);
  });

  it('required (Prop 2): -5 when empty or blank; an optional empty value is stored as NULL', () => {
    const required = rule(FieldType.Integer, { prop: FieldProp.Required });
    expect(codeOf(check(required, ''))).toBe(FieldCheckCode.Required);
    expect(codeOf(check(required, '   '))).toBe(FieldCheckCode.Required);
    expect(written(check(rule(FieldType.Integer), ''))).toBeNull();
  });

  it('drop-down (Prop 64) and dynamic (Prop 128): the value must be offered (-6), kept in the list spelling', () => {
    const dropdown = rule(FieldType.Character, { prop: FieldProp.DropdownList, name: 'Status' });
    expect(written(check(dropdown, 'open', [], ctx(['Open', 'Closed'])))).toBe('Open');
    expect(check(dropdown, 'Pending', [], ctx(['Open', 'Closed']))).toMatchObject({
      code: FieldCheckCode.Custom,
      message: "'Pending' is not an item of the list of 'Status'.",
    });
    const dynamic = rule(FieldType.Character, { prop: FieldProp.DynamicList });
    expect(codeOf(check(dynamic, 'Rome', [], ctx(['Oslo'])))).toBe(FieldCheckCode.Custom);
    expect(written(check(dynamic, '', [], ctx(['Oslo'])))).toBeNull();
    // a type-ahead list (a List without Prop 64) accepts free text
    expect(written(check(rule(FieldType.Character, { listId: 3 }), 'free', [], ctx(['x'])))).toBe('free');
  });

  it('multi-value (Prop 32): MVAL item by item, VAL alone when MVAL is empty, required means one item', () => {
    const tags = rule(FieldType.Character, { prop: FieldProp.MultiValue, size: 3 });
    expect(written(check(tags, '', ['a', '', 'bc']))).toEqual(['a', 'bc']);
    expect(written(check(tags, 'one', []))).toEqual(['one']);
    expect(codeOf(check(tags, '', ['ok', 'toolong']))).toBe(FieldCheckCode.LengthOverflow);
    const dates = rule(FieldType.Date, { prop: FieldProp.MultiValue | FieldProp.Required });
    expect(written(check(dates, '', ['1/2/2020']))).toEqual(['2020-01-02']);
    expect(codeOf(check(dates, '', ['1/2/2020', 'never']))).toBe(FieldCheckCode.InvalidDate);
    expect(codeOf(check(dates, '', []))).toBe(FieldCheckCode.Required);
  });

  it('system and table fields are refused (-6) unless the path may overwrite system fields', () => {
    for (const prop of [4, 8, 16, 256, 1024, 2048, 4096, 8192, 512]) {
      const r = rule(FieldType.Character, { prop, name: 'Sys' });
      expect(codeOf(check(r, 'x')), String(prop)).toBe(FieldCheckCode.Custom);
      expect(codeOf(check(r, 'x', [], ctx([], true))), String(prop)).toBe(FieldCheckCode.Valid);
    }
    expect(check(rule(FieldType.Character, { prop: 256, name: 'Sys' }), 'x')).toMatchObject({
      message: "'Sys' is a system field and cannot be changed.",
    });
  });
});

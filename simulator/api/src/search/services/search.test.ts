import { describe, expect, it } from 'vitest';
import { longestLiteral } from '../repos/docValuesRepo';
import { contentQuery } from './content';
import { likePattern } from './conditions';
import { CriteriaSyntaxError, parseSearchCriteria } from './criteria';
import { nextDay, parseDateValue, parseDecimalValue, parseIntegerValue } from './values';

const NOW = Date.UTC(2026, 10, 22, 14, 57);

describe('parseSearchCriteria', () => {
  it('reads strict JSON, unquoted keys, single quotes, numbers and arrays', () => {
    expect([...parseSearchCriteria('{"11":"123"}')]).toEqual([['11', ['123']]]);
    expect([...parseSearchCriteria('{11:"123",12:"10/29/2020"}')]).toEqual([
      ['11', ['123']],
      ['12', ['10/29/2020']],
    ]);
    expect([
      ...parseSearchCriteria(" { 11 : 'it\\'s' , 12: 5, 13: null, 14: '' , 15: [\"a\", 'b'], } "),
    ]).toEqual([
      ['11', ["it's"]],
      ['12', ['5']],
      ['15', ['a', 'b']],
    ]);
    expect(parseSearchCriteria('{"content":"a \\"b\\" \\u00e9"}').get('content')).toEqual(['a "b" é']);
    expect(parseSearchCriteria("{1:'caf\\u00e9'}").get('1')).toEqual(['café']);
  });

  it('treats absent, blank and {} as no criteria', () => {
    for (const raw of [undefined, '', '  ', '{}', '{ }']) expect(parseSearchCriteria(raw).size).toBe(0);
  });

  it('throws a syntax error for anything else', () => {
    for (const raw of [
      '{',
      '{"1"}',
      '{1:}',
      '[1]',
      '{1:"a" 2:"b"}',
      '{1:"a"}x',
      '{1:"unterminated}',
      '{1:abc}',
    ])
      expect(() => parseSearchCriteria(raw), raw).toThrow(CriteriaSyntaxError);
  });
});

describe('typed values', () => {
  it('reads dates in US and ISO form and @today by the clock (UTC days)', () => {
    expect(parseDateValue('10/29/2020', NOW)).toBe('2020-10-29');
    expect(parseDateValue('1/2/2020', NOW)).toBe('2020-01-02');
    expect(parseDateValue('2020-01-02', NOW)).toBe('2020-01-02');
    expect(parseDateValue('2020-01-02T10:00:00', NOW)).toBe('2020-01-02');
    expect(parseDateValue('1/2/2020 3:04 PM', NOW)).toBe('2020-01-02');
    expect(parseDateValue('@today', NOW)).toBe('2026-11-22');
    expect(parseDateValue('@Today - 30', NOW)).toBe('2026-10-23');
    expect(parseDateValue('@today+10', NOW)).toBe('2026-12-02');
    for (const bad of ['2/30/2020', '13/1/2020', '2020-13-01', 'yesterday', '20201029', '@today*2'])
      expect(parseDateValue(bad, NOW), bad).toBeUndefined();
    expect(nextDay('2020-02-28')).toBe('2020-02-29');
    expect(nextDay('2020-12-31')).toBe('2021-01-01');
  });

  it('reads 64-bit integers and decimals with currency formatting', () => {
    expect(parseIntegerValue('-42')).toBe(-42);
    expect(parseIntegerValue('1,000')).toBe(1000);
    expect(parseIntegerValue('9223372036854775807')).toBe(9223372036854775807n);
    expect(parseIntegerValue('9223372036854775808')).toBeUndefined();
    expect(parseIntegerValue('1.5')).toBeUndefined();
    expect(parseIntegerValue('1e3')).toBeUndefined();
    expect(parseDecimalValue('$1,234.56')).toBe(1234.56);
    expect(parseDecimalValue('-$5')).toBe(-5);
    expect(parseDecimalValue('.5')).toBe(0.5);
    expect(parseDecimalValue('1.2.3')).toBeUndefined();
    expect(parseDecimalValue('abc')).toBeUndefined();
  });
});

describe('patterns and content terms', () => {
  it('turns * into % and escapes LIKE characters', () => {
    expect(likePattern('a*b%c_d\\')).toBe('a%b\\%c\\_d\\\\');
    expect(longestLiteral('%ab\\%cd%x%')).toBe('ab%cd');
    expect(longestLiteral('%hospital%')).toBe('hospital');
  });

  it('quotes every content term; phrases stay together; * makes a prefix', () => {
    expect(contentQuery('acme  wid*')).toBe('"acme" "wid"*');
    expect(contentQuery('"contract renewal" NOT OR')).toBe('"contract renewal" "NOT" "OR"');
    expect(contentQuery('a"b')).toBe('"a""b"');
    expect(contentQuery(' - * ')).toBeUndefined();
  });
});

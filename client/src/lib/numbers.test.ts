import { describe, expect, it } from 'vitest';
import {
  clamp,
  decimalSeparator,
  isBlockedNumberKey,
  isValidInteger,
  parseLocaleDecimal,
  toLocaleDecimalText,
} from './numbers';

describe('integers (64-bit, at most 19 digits, optional minus)', () => {
  it.each(['0', '42', '-42', '9223372036854775807', '-9223372036854775808', ' 17 '])('accepts %s', (v) =>
    expect(isValidInteger(v)).toBe(true),
  );
  it.each([
    '',
    '-',
    '+1',
    '1e3',
    '1.0',
    '12a',
    '9223372036854775808',
    '-9223372036854775809',
    '12345678901234567890',
  ])('refuses %s', (v) => expect(isValidInteger(v)).toBe(false));
});

describe('decimals with the locale separator', () => {
  it('knows the separator of each language', () => {
    expect(decimalSeparator('en-US')).toBe('.');
    for (const l of ['fr', 'de', 'es', 'it', 'nl', 'pt']) expect(decimalSeparator(l)).toBe(',');
  });
  it('reads the locale form and gives the wire form', () => {
    expect(parseLocaleDecimal('1234.5', 'en-US')).toBe('1234.5');
    expect(parseLocaleDecimal('1234,5', 'fr')).toBe('1234.5');
    expect(parseLocaleDecimal('-0,25', 'de')).toBe('-0.25');
    expect(parseLocaleDecimal(',5', 'nl')).toBe('0.5');
    expect(parseLocaleDecimal('12', 'fr')).toBe('12');
  });
  it('refuses the other separator, exponents, signs and letters', () => {
    expect(parseLocaleDecimal('1234.5', 'fr')).toBeNull();
    expect(parseLocaleDecimal('1234,5', 'en-US')).toBeNull();
    expect(parseLocaleDecimal('1e5', 'en-US')).toBeNull();
    expect(parseLocaleDecimal('+5', 'en-US')).toBeNull();
    expect(parseLocaleDecimal('abc', 'en-US')).toBeNull();
    expect(parseLocaleDecimal('', 'en-US')).toBeNull();
    expect(parseLocaleDecimal('-', 'en-US')).toBeNull();
  });
  it('shows wire decimals in the locale form', () => {
    expect(toLocaleDecimalText('1234.5', 'fr')).toBe('1234,5');
    expect(toLocaleDecimalText('1234.5', 'en-US')).toBe('1234.5');
    expect(toLocaleDecimalText('n/a', 'fr')).toBe('n/a');
  });
});

describe('number input keys', () => {
  it('always blocks e, E and +', () => {
    for (const key of ['e', 'E', '+']) expect(isBlockedNumberKey(key, { allowDecimal: true })).toBe(true);
  });
  it('blocks the point unless decimals are allowed with that separator', () => {
    expect(isBlockedNumberKey('.')).toBe(true);
    expect(isBlockedNumberKey('.', { allowDecimal: true })).toBe(false);
    expect(isBlockedNumberKey(',', { allowDecimal: true, separator: ',' })).toBe(false);
    expect(isBlockedNumberKey('.', { allowDecimal: true, separator: ',' })).toBe(true);
  });
  it('blocks the minus only when told to', () => {
    expect(isBlockedNumberKey('-')).toBe(false);
    expect(isBlockedNumberKey('-', { allowMinus: false })).toBe(true);
    expect(isBlockedNumberKey('5')).toBe(false);
  });
  it('clamps to the bounds', () => {
    expect(clamp(0, 1, 10)).toBe(1);
    expect(clamp(11, 1, 10)).toBe(10);
    expect(clamp(5, 1, 10)).toBe(5);
    expect(clamp(5)).toBe(5);
  });
});

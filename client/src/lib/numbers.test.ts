import { describe, expect, it } from 'vitest';
import { clamp, decimalSeparator, isBlockedNumberKey, toLocaleDecimalText } from './numbers';

describe('decimals with the locale separator', () => {
  it('knows the separator of each language', () => {
    expect(decimalSeparator('en-US')).toBe('.');
    for (const l of ['fr', 'de', 'es', 'it', 'nl', 'pt']) expect(decimalSeparator(l)).toBe(',');
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

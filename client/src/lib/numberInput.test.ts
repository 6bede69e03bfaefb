import { describe, expect, it } from 'vitest';
import { parseCurrencyMask } from './currency';
import { readNumberEntry } from './numberInput';

const integer = (text: string) => readNumberEntry(text, { kind: 'integer', locale: 'en-US' });
const decimal = (text: string, locale = 'en-US') => readNumberEntry(text, { kind: 'decimal', locale });
const amount = (text: string, locale = 'en-US-u-cu-usd') =>
  readNumberEntry(text, { kind: 'decimal', locale, currency: parseCurrencyMask('C') });

describe('integers (64-bit, at most 19 digits, optional minus)', () => {
  it.each([
    ['0', '0'],
    ['42', '42'],
    ['-42', '-42'],
    [' 17 ', '17'],
    ['9223372036854775807', '9223372036854775807'],
    ['-9223372036854775808', '-9223372036854775808'],
  ])('reads %s as %s', (text, wire) => expect(integer(text)).toBe(wire));
  it.each([
    '',
    '-',
    '+1',
    '1e3',
    '1.0',
    '12a',
    '12abc',
    '1,234',
    '9223372036854775808',
    '-9223372036854775809',
    '12345678901234567890',
    '--1',
  ])('refuses %s', (text) => expect(integer(text)).toBeNull());
});

describe('decimals: one whole number in the locale notation, or nothing', () => {
  it('reads the locale form and gives the wire form', () => {
    expect(decimal('1234.5')).toBe('1234.5');
    expect(decimal('1234,5', 'fr')).toBe('1234.5');
    expect(decimal('-0,25', 'de')).toBe('-0.25');
    expect(decimal(',5', 'nl')).toBe('0.5');
    expect(decimal('12', 'fr')).toBe('12');
    expect(decimal('4385.32')).toBe('4385.32');
  });
  it('takes grouping only where the locale puts it, as exactly that number', () => {
    expect(decimal('1,234.50')).toBe('1234.50');
    expect(decimal('1,234,567')).toBe('1234567');
    expect(decimal('1.234,50', 'de')).toBe('1234.50');
    expect(decimal('1 234,50', 'fr')).toBe('1234.50');
    expect(decimal('1\u202f234,50', 'fr')).toBe('1234.50');
    for (const bad of ['1,23.5', '12,34', '1,2345', ',123', '1,234,5']) expect(decimal(bad), bad).toBeNull();
    // the other notation is refused, never read as another number
    expect(decimal('1,234.50', 'de')).toBeNull();
    expect(decimal('4385.32', 'de')).toBeNull();
    expect(decimal('1234,5')).toBeNull();
  });
  it.each(['12abc', 'abc', '1.2.3', '1e5', '+5', '', '-', '.', '1 2', '12-', '0x10', '١٢'])(
    'refuses %s',
    (text) => expect(decimal(text)).toBeNull(),
  );
  it('refuses more significant digits than the server keeps instead of rounding them', () => {
    expect(decimal('99999999999999999999999')).toBeNull();
    expect(decimal('1234567890123456')).toBeNull();
    expect(decimal('0.1234567890123456')).toBeNull();
    expect(decimal('123456789012345')).toBe('123456789012345');
    expect(decimal('0.000000000000001')).toBe('0.000000000000001');
    // leading zeros of the whole part and trailing zeros of the fraction do not count
    expect(decimal('000123456789012345.5000000')).toBeNull();
    expect(decimal('00012345678901234.5000000')).toBe('00012345678901234.5000000');
  });
});

describe('currency amounts', () => {
  it('take the currency symbol or code before or after the amount', () => {
    expect(amount('$4,385.32')).toBe('4385.32');
    expect(amount('-$5')).toBe('-5');
    expect(amount('$-5')).toBe('-5');
    expect(amount('4385.32 USD')).toBe('4385.32');
    expect(amount('4385.32')).toBe('4385.32');
    expect(amount('274.686,25 $', 'de-u-cu-usd')).toBe('274686.25');
    expect(amount('274.686,25\u00a0$', 'de-u-cu-usd')).toBe('274686.25');
  });
  it('refuses anything else around or inside the amount', () => {
    for (const bad of ['12abc', '$12abc', '1.2.3', '1,234.5.0', '$$5', '€5', '--5', '$', '($5.00)', '5 $ 5'])
      expect(amount(bad), bad).toBeNull();
    expect(amount('99999999999999999999999')).toBeNull();
  });
  it('takes the symbol of a {symbol} or custom mask', () => {
    const pounds = parseCurrencyMask('{£}');
    expect(readNumberEntry('£12.50', { kind: 'decimal', locale: 'en-US', currency: pounds })).toBe('12.50');
    const kronor = parseCurrencyMask('#,##0.00 kr');
    expect(readNumberEntry('1,234.00 kr', { kind: 'decimal', locale: 'en-US', currency: kronor })).toBe(
      '1234.00',
    );
    expect(readNumberEntry('kr', { kind: 'decimal', locale: 'en-US', currency: kronor })).toBeNull();
  });
});

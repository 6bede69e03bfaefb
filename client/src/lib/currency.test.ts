import { describe, expect, it } from 'vitest';
import { currencyForLocale, formatCurrency, parseCurrencyMask } from './currency';

const nbsp = (s: string) => s.replace(/[\u00a0\u202f]/g, ' ');

describe('currency masks', () => {
  it('reads C, N{digits}, {symbol} and custom patterns', () => {
    expect(parseCurrencyMask('C')).toEqual({ kind: 'currency', digits: 2 });
    expect(parseCurrencyMask('C0')).toEqual({ kind: 'currency', digits: 0 });
    expect(parseCurrencyMask('N3')).toEqual({ kind: 'number', digits: 3 });
    expect(parseCurrencyMask('{£}')).toEqual({ kind: 'symbol', symbol: '£', digits: 2 });
    expect(parseCurrencyMask('#,##0.00 kr')).toEqual({
      kind: 'custom',
      prefix: '',
      suffix: ' kr',
      digits: 2,
      grouping: true,
    });
    expect(parseCurrencyMask('')).toBeNull();
    expect(parseCurrencyMask('d')).toBeNull();
  });
  it('takes the currency from the locale country', () => {
    expect(currencyForLocale('en-US')).toBe('USD');
    expect(currencyForLocale('en')).toBe('USD');
    expect(currencyForLocale('en-GB')).toBe('GBP');
    expect(currencyForLocale('fr')).toBe('EUR');
    expect(currencyForLocale('nl')).toBe('EUR');
    expect(currencyForLocale('pt')).toBe('BRL');
    expect(currencyForLocale('de-CH')).toBe('CHF');
  });
  it('keeps the currency the locale names with its cu keyword, whatever the language (decision 049)', () => {
    expect(currencyForLocale('de-u-cu-usd')).toBe('USD');
    expect(currencyForLocale('es-ES-u-cu-usd')).toBe('USD');
    const c2 = { kind: 'currency', digits: 2 } as const;
    expect(nbsp(formatCurrency('274686.25', c2, 'de-u-cu-usd'))).toBe('274.686,25 $');
    expect(nbsp(formatCurrency('274686.25', c2, 'es-u-cu-usd'))).toBe('274.686,25 US$');
    expect(formatCurrency('274686.25', c2, 'en-US-u-cu-usd')).toBe('$274,686.25');
    expect(nbsp(formatCurrency('274686.25', c2, 'de-u-cu-eur'))).toBe('274.686,25 €');
  });
  it('formats an amount with each kind of mask', () => {
    expect(formatCurrency('2999.99', { kind: 'currency', digits: 2 }, 'en-US')).toBe('$2,999.99');
    expect(nbsp(formatCurrency('2999.99', { kind: 'currency', digits: 2 }, 'fr'))).toBe('2 999,99 €');
    expect(formatCurrency('1234.5', { kind: 'number', digits: 1 }, 'en-US')).toBe('1,234.5');
    expect(formatCurrency('-12', { kind: 'symbol', symbol: '£', digits: 2 }, 'en-US')).toBe('-£12.00');
    expect(
      formatCurrency(
        '1234',
        { kind: 'custom', prefix: '', suffix: ' kr', digits: 2, grouping: true },
        'en-US',
      ),
    ).toBe('1,234.00 kr');
    expect(formatCurrency('n/a', { kind: 'currency', digits: 2 }, 'en-US')).toBe('n/a');
  });
});

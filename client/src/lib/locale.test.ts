import { describe, expect, it } from 'vitest';
import { mergeConfig } from '../api/config';
import { currencyForLocale, formatCurrency } from './currency';
import { formatLocale, localeCurrency, withCurrency } from './locale';

const nbsp = (s: string) => s.replace(/[\u00a0\u202f]/g, ' ');
const C = { kind: 'currency', digits: 2 } as const;

describe('the formatting locale carries the archives currency (decision 049)', () => {
  it('adds the cu keyword to any tag and reads it back', () => {
    expect(withCurrency('de', 'USD')).toBe('de-u-cu-usd');
    expect(withCurrency('en-GB', 'usd')).toBe('en-GB-u-cu-usd');
    expect(withCurrency('de-DE-u-co-phonebk', 'USD')).toBe('de-DE-u-cu-usd');
    expect(withCurrency('fr', 'not a code')).toBe('fr');
    expect(localeCurrency('de-DE-u-cu-usd')).toBe('USD');
    expect(localeCurrency('de-DE')).toBeUndefined();
  });
  it('shows a dollar amount with dollars in every language, only the separators change', () => {
    const shown = (language: string) =>
      nbsp(formatCurrency('274686.25', C, withCurrency(formatLocale(language, 'en-US'), 'USD')));
    expect(shown('en')).toBe('$274,686.25');
    expect(shown('de')).toBe('274.686,25 $');
    expect(shown('es')).toBe('274.686,25 US$');
    expect(shown('fr')).toBe('274 686,25 $US');
    expect(shown('nl')).toBe('US$ 274.686,25');
    for (const language of ['de', 'es', 'fr', 'it', 'pt', 'nl']) {
      expect(shown(language)).not.toMatch(/€|R\$/);
      expect(currencyForLocale(withCurrency(formatLocale(language, 'en-US'), 'USD'))).toBe('USD');
    }
  });
  it('reads the currency from config.json, USD when it names none or no ISO code', () => {
    expect(mergeConfig({}).currency).toBe('USD');
    expect(mergeConfig({ currency: 'eur' }).currency).toBe('EUR');
    expect(mergeConfig({ currency: 'euros' }).currency).toBe('USD');
    expect(mergeConfig({ currency: 7 }).currency).toBe('USD');
  });
});

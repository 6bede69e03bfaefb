import { describe, expect, it } from 'vitest';
import { dateLocale, formatDate, formatDateAs, formatDateTime, formatTime, localDay } from './dateTime';
import { formatLocale } from './locale';
import { localeDateMask } from './dates';

// 27 November 2026, 14:05 local time
const when = new Date(2026, 10, 27, 14, 5, 9);

describe('one date and time format for every screen (issue 27, item 21a)', () => {
  it('writes dates numerically with a 4-digit year in the locale order, as the grid does', () => {
    expect(formatDate(when, 'en-US')).toBe('11/27/2026');
    expect(formatDate(when, 'en-GB')).toBe('27/11/2026');
    expect(formatDate(when, 'de')).toBe('27.11.2026');
    expect(formatDate(when, 'nl')).toBe('27-11-2026');
    // the same order as the grid's date fields (dates.ts localeDateMask)
    for (const [locale, mask] of [
      ['en-US', 'MDY'],
      ['de', 'DMY'],
    ] as const)
      expect(localeDateMask(locale)).toBe(mask);
  });

  it('adds hours and minutes for a date and time, and writes a time alone', () => {
    expect(formatDateTime(when, 'de')).toBe('27.11.2026, 14:05');
    expect(formatDateTime(when, 'en-US')).toMatch(/^11\/27\/2026, 02:05\sPM$/);
    expect(formatTime(when, 'fr')).toBe('14:05');
  });

  it('takes ISO text and milliseconds, gives back text that is no date, and falls back on a bad locale', () => {
    expect(formatDate(when.toISOString(), 'de')).toBe('27.11.2026');
    expect(formatDate(when.getTime(), 'de')).toBe('27.11.2026');
    expect(formatDateTime('not a date', 'de')).toBe('not a date');
    expect(formatDate(Number.NaN, 'de')).toBe('');
    expect(formatDate(when, 'not a locale!')).toBe('11/27/2026');
  });

  it('reads a YYYY-MM-DD day as that local day and names it', () => {
    expect(formatDate(localDay('2026-11-24'), 'de')).toBe('24.11.2026');
    expect(formatDateAs(localDay('2026-11-24'), 'en-US', 'longDay')).toBe('Tue, Nov 24, 2026');
    expect(formatDateAs(localDay('2026-11-24'), 'en-US', 'dayMonth')).toBe('Nov 24');
  });

  it('writes in the interface language, with the browser region when the browser speaks it', () => {
    expect(dateLocale('en', 'en-GB')).toBe('en-GB');
    expect(dateLocale('de', 'en-US')).toBe('de');
    expect(dateLocale('pt-BR', undefined)).toBe('pt');
    for (const [language, browser] of [
      ['en', 'en-GB'],
      ['fr', 'fr-CA'],
      ['nl', 'de-DE'],
    ] as const)
      expect(dateLocale(language, browser)).toBe(formatLocale(language, browser));
  });
});

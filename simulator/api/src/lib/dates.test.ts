import { describe, expect, it } from 'vitest';
import { toCookieDate, toDotNetDate } from './dates';

describe('toDotNetDate', () => {
  it('writes local time with 7 fractional digits and the local UTC offset', () => {
    const ms = Date.UTC(2026, 10, 22, 14, 57, 6, 971);
    const text = toDotNetDate(ms);
    expect(text).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.9710000[+-]\d\d:\d\d$/);
    // the same instant, whatever the machine's zone
    expect(new Date(text.replace('.9710000', '.971')).getTime()).toBe(ms);
  });
});

describe('toCookieDate', () => {
  it("uses ASP.NET's cookie format", () => {
    expect(toCookieDate(Date.UTC(2028, 10, 22, 4, 5, 6))).toBe('Wed, 22-Nov-2028 04:05:06 GMT');
  });
});

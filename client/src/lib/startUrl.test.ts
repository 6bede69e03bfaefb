import { describe, expect, it } from 'vitest';
import { normalizeStartUrl } from './startUrl';

describe('normalizeStartUrl', () => {
  it('leaves an ordinary address alone', () => {
    expect(normalizeStartUrl('http://gs.local/select')).toEqual({
      url: '/select',
      token: null,
      changed: false,
    });
  });

  it('turns a hash route into the path form', () => {
    const start = normalizeStartUrl('http://gs.local/#/view?db=2&a=5');
    expect(start).toEqual({ url: '/view?db=2&a=5', token: null, changed: true });
  });

  it('handles index.html and a base path', () => {
    const start = normalizeStartUrl('http://gs.local/square9web/index.html#/scan?db=1', '/square9web/');
    expect(start.url).toBe('/square9web/scan?db=1');
  });

  it('takes the token out of the query, whatever its casing', () => {
    expect(normalizeStartUrl('http://gs.local/view?db=1&Token=abc')).toEqual({
      url: '/view?db=1',
      token: 'abc',
      changed: true,
    });
    expect(normalizeStartUrl('http://gs.local/#/view?token=xyz&db=3').token).toBe('xyz');
  });

  it('keeps an in-page hash that is not a route', () => {
    expect(normalizeStartUrl('http://gs.local/select#top').url).toBe('/select#top');
  });
});

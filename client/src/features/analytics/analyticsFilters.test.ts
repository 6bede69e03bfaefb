import { describe, expect, it } from 'vitest';
import { DEFAULT_FILTERS, localDay, orderedActions, parseFilters, rangeOf } from './analyticsFilters';

const noon = (day: string) => new Date(`${day}T12:00:00`);

describe('analytics filters', () => {
  it('turns a preset into the last N days, today included', () => {
    expect(rangeOf({ ...DEFAULT_FILTERS, preset: '7' }, noon('2026-03-02'))).toEqual({
      start: '2026-02-24',
      end: '2026-03-02',
    });
    expect(rangeOf({ ...DEFAULT_FILTERS, preset: '90' }, noon('2026-11-24'))).toEqual({
      start: '2026-08-27',
      end: '2026-11-24',
    });
    expect(localDay(noon('2026-01-05'))).toBe('2026-01-05');
  });

  it('takes custom days only as a valid range of at most 366 days', () => {
    const custom = (from: string, to: string) =>
      rangeOf({ ...DEFAULT_FILTERS, preset: 'custom', from, to }, noon('2026-01-01'));
    expect(custom('2026-01-01', '2026-01-31')).toEqual({ start: '2026-01-01', end: '2026-01-31' });
    expect(custom('2026-02-01', '2026-01-31')).toBeNull();
    expect(custom('', '2026-01-31')).toBeNull();
    expect(custom('2024-01-01', '2024-12-31')).not.toBeNull();
    expect(custom('2025-01-01', '2026-01-02')).toBeNull();
  });

  it('reads what localStorage holds, falling back on anything unknown', () => {
    expect(parseFilters(null)).toEqual(DEFAULT_FILTERS);
    expect(parseFilters('{nope')).toEqual(DEFAULT_FILTERS);
    expect(parseFilters('[]')).toEqual({ ...DEFAULT_FILTERS, actions: DEFAULT_FILTERS.actions });
    expect(
      parseFilters(
        JSON.stringify({
          preset: '365',
          from: '2026-13',
          to: '2026-01-02',
          database: -1,
          archive: 4,
          user: 'x',
          actions: ['viewed', 'viewed', 'dancing', 'indexed'],
        }),
      ),
    ).toEqual({
      preset: '30',
      from: '',
      to: '2026-01-02',
      database: null,
      archive: 4,
      user: 'x',
      actions: ['viewed', 'indexed'],
    });
    expect(orderedActions(['viewed', 'indexed'])).toEqual(['indexed', 'viewed']);
  });
});

import { describe, expect, it } from 'vitest';
import { clearGridState, EMPTY_GRID_STATE, gridStateKey, readGridState, writeGridState } from './gridState';

describe('remembered grid state', () => {
  const key = gridStateKey(1, 12, 2);
  it('is kept per database, search and archive', () => {
    expect(key).toBe('gridState.1.12.2');
    writeGridState(key, { sort: [{ fieldId: 4, descending: true }] });
    writeGridState(key, { pinning: { start: ['f1'], end: [] }, visibility: { f3: false } });
    expect(readGridState(key)).toEqual({
      sort: [{ fieldId: 4, descending: true }],
      pinning: { start: ['f1'], end: [] },
      visibility: { f3: false },
    });
    expect(readGridState(gridStateKey(1, 12, 3))).toEqual(EMPTY_GRID_STATE);
  });
  it('is cleared (an invalid sort) and survives garbage', () => {
    writeGridState(key, { sort: [{ fieldId: 4, descending: true }] });
    clearGridState(key);
    expect(readGridState(key)).toEqual(EMPTY_GRID_STATE);
    window.localStorage.setItem(key, '{"sort":"nope","pinning":3}');
    expect(readGridState(key)).toEqual(EMPTY_GRID_STATE);
    window.localStorage.setItem(key, 'not json');
    expect(readGridState(key)).toEqual(EMPTY_GRID_STATE);
  });
});

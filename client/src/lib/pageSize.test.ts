import { describe, expect, it } from 'vitest';
import { gridPageSize, pageWindow, searchRecordsPerPage } from './pageSize';

describe('search records per page', () => {
  it.each([
    ['1', 1],
    ['25', 25],
    ['10000', 10000],
    [500, 500],
  ])('keeps %s', (input, expected) => expect(searchRecordsPerPage(input)).toBe(expected));
  it.each(['0', '-5', '10001', 'abc', '', '2.5', null, undefined])('makes %s 10', (input) =>
    expect(searchRecordsPerPage(input)).toBe(10),
  );
});

describe('grid page size', () => {
  it('resets zero, negatives and garbage to 25', () => {
    for (const v of ['0', '-1', 'x', '', null])
      expect(gridPageSize(v)).toEqual({ size: 25, needsConfirm: false });
  });
  it('keeps sizes up to 10000 and asks above', () => {
    expect(gridPageSize('100')).toEqual({ size: 100, needsConfirm: false });
    expect(gridPageSize(10000)).toEqual({ size: 10000, needsConfirm: false });
    expect(gridPageSize('20000')).toEqual({ size: 20000, needsConfirm: true });
  });
});

describe('page numbers', () => {
  it('shows about five around the current page', () => {
    expect(pageWindow(1, 20)).toEqual([1, 2, 3, 4, 5]);
    expect(pageWindow(10, 20)).toEqual([8, 9, 10, 11, 12]);
    expect(pageWindow(20, 20)).toEqual([16, 17, 18, 19, 20]);
    expect(pageWindow(2, 3)).toEqual([1, 2, 3]);
    expect(pageWindow(1, 0)).toEqual([]);
  });
});

import { describe, expect, it } from 'vitest';
import { parseResultsParams, parseSortParam, resultsPath } from './resultsPaths';

const query = (path: string) => new URLSearchParams(path.split('?')[1] ?? '');

describe('the results address', () => {
  it('carries db, archive, search, criteria, page, size, sort and tab, and reads them back', () => {
    const path = resultsPath({
      hash: 'a/b+c',
      db: 1,
      archive: 2,
      searchId: 12,
      criteria: { '5': 'ACME', '7': ['x', 'y'] },
      page: 3,
      size: 50,
      sort: [
        { fieldId: 4, descending: true },
        { fieldId: 1, descending: false },
      ],
      tab: 2,
    });
    expect(path.startsWith('/results/a%2Fb%2Bc?')).toBe(true);
    expect(parseResultsParams('a/b+c', query(path))).toEqual({
      hash: 'a/b+c',
      db: 1,
      archive: 2,
      searchId: 12,
      criteria: { '5': 'ACME', '7': ['x', 'y'] },
      page: 3,
      size: '50',
      sort: [
        { fieldId: 4, descending: true },
        { fieldId: 1, descending: false },
      ],
      tab: 2,
    });
  });
  it('leaves out what is default and tells "no sort" from "remembered sort"', () => {
    const plain = resultsPath({ hash: 'h', db: 1, archive: 2, searchId: 3 });
    expect(plain).toBe('/results/h?db=1&archive=2&Id=3');
    expect(parseResultsParams('h', query(plain))?.sort).toBeNull();
    expect(
      parseResultsParams('h', query(resultsPath({ hash: 'h', db: 1, archive: 2, searchId: 3, sort: [] })))
        ?.sort,
    ).toEqual([]);
  });
  it('refuses an address that cannot name a search', () => {
    expect(parseResultsParams('h', new URLSearchParams('db=1&archive=2'))).toBeNull();
    expect(parseResultsParams(undefined, new URLSearchParams('db=1&archive=2&Id=3'))).toBeNull();
    expect(parseResultsParams('h', new URLSearchParams('db=1&archive=2&Id=3&criteria=%7Bnot'))).toBeNull();
    expect(parseResultsParams('h', new URLSearchParams('db=x&archive=2&Id=3'))).toBeNull();
  });
  it('reads the Sort text of formatSort', () => {
    expect(parseSortParam('5 ASC,3 DESC,-1,junk')).toEqual([
      { fieldId: 5, descending: false },
      { fieldId: 3, descending: true },
      { fieldId: -1, descending: false },
    ]);
  });
});

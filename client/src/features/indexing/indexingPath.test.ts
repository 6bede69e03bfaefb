import { describe, expect, it } from 'vitest';
import { indexingPath, readIndexingTarget } from './indexingPath';

const read = (path: string) => readIndexingTarget(new URLSearchParams(path.split('?')[1]));

describe('indexing address', () => {
  it('round-trips uploaded files, pages and flags', () => {
    const path = indexingPath({
      db: 1,
      archive: 4,
      importDocs: ['upload_a.pdf', 'upload_b.tif'],
      requestedPages: [2, 3],
      deleteBurstedPages: true,
    });
    expect(path.startsWith('/view?db=1&a=4&ImportDoc=upload_a.pdf&ImportDoc=upload_b.tif')).toBe(true);
    expect(read(path)).toMatchObject({
      db: 1,
      archive: 4,
      importDocs: ['upload_a.pdf', 'upload_b.tif'],
      requestedPages: [2, 3],
      deleteBurstedPages: true,
      fromIndexer: false,
    });
  });

  it('carries an inbox file instead of uploads', () => {
    const target = read(
      indexingPath({ db: 2, archive: 9, importDocs: [], inbox: { id: 3, fileName: 'a b.pdf' } }),
    );
    expect(target?.inbox).toEqual({ id: 3, fileName: 'a b.pdf' });
  });

  it('is not an indexing address without a document', () => {
    expect(read('/view?db=1&a=4')).toBeNull();
    expect(read('/view?db=1&ImportDoc=x.pdf')).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import type { ResultDoc } from '@gs/contract/searches';
import { nextChecked, type CheckedDocument } from './selection';

const checked = (id: number): CheckedDocument => ({ db: 1, archive: 2, doc: { Id: id } as ResultDoc });

describe('checked documents', () => {
  it('keeps check order, appends new checks and drops unchecked ones', () => {
    const lookup = (rowId: string) => checked(Number(rowId));
    let list = nextChecked([], { '30': true }, lookup);
    list = nextChecked(list, { '30': true, '10': true }, lookup);
    list = nextChecked(list, { '30': true, '10': true, '20': true }, lookup);
    expect(list.map((c) => c.doc.Id)).toEqual([30, 10, 20]);
    list = nextChecked(list, { '10': true, '20': true }, lookup);
    expect(list.map((c) => c.doc.Id)).toEqual([10, 20]);
  });

  it('ignores rows it cannot find', () => {
    expect(nextChecked([], { '5': true }, () => undefined)).toEqual([]);
  });
});

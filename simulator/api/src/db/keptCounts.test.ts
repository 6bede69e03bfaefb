// Which counts are kept on write (decision 067): the archive's size and one equality on a
// single-value character field, however the search spelled it; nothing the triggers cannot adjust.
import { describe, expect, it } from 'vitest';
import { FieldType } from '@gs/contract/flags';
import type { Condition, DocFilter, FieldRef } from './docQueryModel';
import { keptKeyOf } from './keptCounts';

const char: FieldRef = { id: 7, type: FieldType.Character, multi: false };
const filter = (conditions: Condition[], content?: string): DocFilter => ({
  databaseId: 1,
  archiveId: 2,
  conditions,
  content,
});
const key = (fieldId: number, value: string) => ({ dbId: 1, archiveId: 2, fieldId, value });

describe('keptKeyOf', () => {
  it('keeps the archive size and an equality, with a pattern read back to its literal text', () => {
    expect(keptKeyOf(filter([]))).toEqual(key(0, ''));
    expect(keptKeyOf(filter([{ field: char, pred: { op: 'eq', value: 'North' } }]))).toEqual(key(7, 'North'));
    expect(keptKeyOf(filter([{ field: char, pred: { op: 'like', pattern: '100\\%\\_x\\\\' } }]))).toEqual(
      key(7, '100%_x\\'),
    );
  });

  it('leaves every other count to the version-keyed cache', () => {
    const like = (pattern: string): Condition => ({ field: char, pred: { op: 'like', pattern } });
    for (const f of [
      filter([like('Nor%')]),
      filter([like('N_rth')]),
      filter([like('')]),
      filter([{ field: char, pred: { op: 'ne', value: 'North' } }]),
      filter([{ field: char, pred: { op: 'in', values: ['North'] } }]),
      filter([{ field: { ...char, multi: true }, pred: { op: 'eq', value: 'North' } }]),
      filter([{ field: { ...char, type: FieldType.Integer }, pred: { op: 'eq', value: 3 } }]),
      filter([like('North'), like('South')]),
      filter([], 'invoice'),
    ])
      expect(keptKeyOf(f)).toBeUndefined();
  });
});

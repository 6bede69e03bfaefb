import { describe, expect, it } from 'vitest';
import { FieldProp, FieldType } from '@gs/contract/flags';
import { fieldSpecOf } from '../../lib/fieldSpec';
import { fieldDef } from '../../test/searchFixtures';
import {
  firstInvalidField,
  indexingReducer,
  initialIndexingState,
  type IndexingEvent,
  type IndexingState,
} from './indexingState';

const run = (...events: IndexingEvent[]): IndexingState =>
  events.reduce(indexingReducer, initialIndexingState);
const refused = { code: -6 as const, text: 'Taken.' };

describe('the indexing view reducer', () => {
  it('choosing another file shows its first page with nothing checked', () => {
    const state = run(
      { type: 'pageShown', page: 3 },
      { type: 'pageToggled', page: 2 },
      { type: 'pageToggled', page: 3 },
      { type: 'pageToggled', page: 2 },
    );
    expect(state.page).toBe(3);
    expect([...state.selected]).toEqual([3]);
    const next = indexingReducer(state, { type: 'fileChosen', index: 1 });
    expect(next).toMatchObject({ fileIndex: 1, page: 1 });
    expect(next.selected.size).toBe(0);
  });

  it("a changed value drops the server's refusal of that field only", () => {
    const state = run({ type: 'invalid', notice: { text: 'Correct' }, server: { 1: refused, 2: refused } });
    expect(state).toMatchObject({ showErrors: true, notice: { text: 'Correct' } });
    const changed = indexingReducer(state, { type: 'fieldChanged', id: 1, values: ['V1'] });
    expect(changed.values).toEqual({ 1: ['V1'] });
    expect(changed.server).toEqual({ 2: refused });
    // a field the server did not refuse keeps the refusals as they are
    const other = indexingReducer(changed, { type: 'fieldChanged', id: 3, values: ['x'] });
    expect(other.server).toBe(changed.server);
  });

  it("keeps each field's own check; the same check again changes nothing", () => {
    const state = run({ type: 'fieldChecked', id: 1, check: { code: -1 } });
    expect(state.checks.get(1)).toEqual({ code: -1 });
    expect(indexingReducer(state, { type: 'fieldChecked', id: 1, check: { code: -1 } })).toBe(state);
    expect(indexingReducer(state, { type: 'fieldChecked', id: 1, check: { code: 0 } }).checks.get(1)).toEqual(
      {
        code: 0,
      },
    );
  });

  it('a save clears the notice while it runs; a local refusal keeps the server’s last refusals', () => {
    const started = run({ type: 'notice', notice: { text: 'Old' } }, { type: 'saveStarted' });
    expect(started).toMatchObject({ saving: true, notice: null });
    expect(indexingReducer(started, { type: 'saveEnded' }).saving).toBe(false);
    const server = run({ type: 'invalid', notice: { text: 'A' }, server: { 2: refused } });
    expect(indexingReducer(server, { type: 'invalid', notice: { text: 'B' } }).server).toEqual({
      2: refused,
    });
  });

  it('opens and closes the burst dialog', () => {
    expect(run({ type: 'burst', open: true }).bursting).toBe(true);
    expect(run({ type: 'burst', open: true }, { type: 'burst', open: false }).bursting).toBe(false);
  });
});

describe('the first field to correct', () => {
  const specs = [
    fieldDef(1, 'Vendor', FieldType.Character),
    fieldDef(2, 'Entered', FieldType.Date, { Prop: FieldProp.DateEntered }),
    fieldDef(3, 'Invoice', FieldType.Character),
  ].map(fieldSpecOf);
  // [checks reported, the field the focus goes to]
  const cases: [[number, number][], number | undefined][] = [
    [[], undefined],
    [
      [
        [1, 0],
        [3, 0],
      ],
      undefined,
    ],
    [[[3, -1]], 3],
    [
      [
        [3, -1],
        [1, -2],
      ],
      1,
    ],
    // a field the server fills is never the one
    [[[2, -1]], undefined],
  ];
  it.each(cases)('with checks %j: %s', (checks, id) => {
    const map = new Map(checks.map(([field, code]) => [field, { code: code as 0 }]));
    expect(firstInvalidField(specs, map)?.id).toBe(id);
  });
});

import { describe, expect, it } from 'vitest';
import { FieldCheckCode } from '@gs/contract/fieldChecks';
import { FieldProp, FieldType, Operator, type OperatorCode } from '@gs/contract/flags';
import type { Search, SearchPrompt } from '@gs/contract/searches';
import { promptFieldSpec, type FieldSpec } from '../../lib/fieldSpec';
import { buildCriteria, checkPromptValue, initialEntries, visiblePrompts } from './promptCriteria';

const prompt = (ID: number, FieldType_: number, overrides: Partial<SearchPrompt> = {}): SearchPrompt => ({
  ID,
  FID: ID * 10,
  ListID: 0,
  ListF1: 0,
  ListF2: 0,
  Parent: 0,
  Operator: Operator.Contains as OperatorCode,
  Prompt: `Prompt ${ID}`,
  VAL: '',
  Prop: 0,
  FieldType: FieldType_,
  Mask: '',
  Name: `Field ${ID}`,
  Type: FieldType_,
  MultiValue: false,
  MVAL: [],
  ...overrides,
});

const prompts = [
  prompt(1, FieldType.Character),
  prompt(2, FieldType.Date, { Mask: 'DMY', Operator: Operator.GreaterOrEqual }),
  prompt(3, FieldType.Decimal, { Mask: 'C' }),
  prompt(4, FieldType.Integer),
  prompt(5, FieldType.Character, { Prop: FieldProp.MultiValue }),
  prompt(6, FieldType.Character, { VAL: '{Pending}' }),
  prompt(7, FieldType.Integer, { Operator: Operator.IsEmpty }),
  prompt(8, FieldType.Decimal),
];
const search = { Detail: prompts } as Search;
const specs = new Map<number, FieldSpec>(visiblePrompts(search).map((p) => [p.ID, promptFieldSpec(p)]));
const spec = (id: number) => specs.get(id) as FieldSpec;

describe('search prompts', () => {
  it('never ask static {value} conditions or is-empty / is-not-empty', () => {
    expect(visiblePrompts(search).map((p) => p.ID)).toEqual([1, 2, 3, 4, 5, 8]);
  });

  it('make criteria with empties left out, dates MM/DD/YYYY, currencies stripped, several values listed', () => {
    const criteria = buildCriteria(
      visiblePrompts(search),
      specs,
      {
        '1': ['ACME*'],
        '2': ['25/12/2024'],
        '3': ['$2,999.99'],
        '4': [''],
        '5': ['A', '', 'B'],
        '8': ['12.5'],
      },
      'en-US',
    );
    expect(criteria).toEqual({
      '1': 'ACME*',
      '2': '12/25/2024',
      '3': '2999.99',
      '5': ['A', 'B'],
      '8': '12.5',
    });
  });

  it('pass @today and read decimals in the locale', () => {
    expect(buildCriteria(visiblePrompts(search), specs, { '2': ['@today-30'], '8': ['12,5'] }, 'fr')).toEqual(
      {
        '2': '@today-30',
        '8': '12.5',
      },
    );
  });

  it('check each kind of value', () => {
    const p = (id: number) => prompts.find((x) => x.ID === id) as SearchPrompt;
    expect(checkPromptValue(p(4), spec(4), '12.5', 'en-US').code).toBe(FieldCheckCode.InvalidNumber);
    expect(checkPromptValue(p(4), spec(4), '12*', 'en-US').code).toBe(FieldCheckCode.Valid);
    expect(checkPromptValue(p(2), spec(2), '12/25/2024', 'en-US').code).toBe(FieldCheckCode.InvalidDate);
    expect(checkPromptValue(p(2), spec(2), '@Today', 'en-US').code).toBe(FieldCheckCode.Valid);
    expect(checkPromptValue(p(8), spec(8), '1,5', 'en-US').code).toBe(FieldCheckCode.InvalidNumber);
    expect(checkPromptValue(p(3), spec(3), '$12', 'en-US').code).toBe(FieldCheckCode.Valid);
    expect(checkPromptValue(p(1), spec(1), '', 'en-US').code).toBe(FieldCheckCode.Valid);
    const equals = prompt(9, FieldType.Character, { Operator: Operator.Equals });
    const vendor = { ...promptFieldSpec(equals), regex: '^V\\d{5}$' };
    expect(checkPromptValue(equals, vendor, 'V1', 'en-US')).toEqual({
      code: FieldCheckCode.Custom,
      reason: 'format',
    });
    expect(checkPromptValue(equals, vendor, 'V1*', 'en-US').code).toBe(FieldCheckCode.Valid);
  });

  it('start from the address criteria (in edit form) or the defaults', () => {
    const entries = initialEntries(
      visiblePrompts(search),
      specs,
      { '2': '12/25/2024', '5': ['A', 'B'] },
      'en-US',
    );
    expect(entries['2']).toEqual(['25/12/2024']);
    expect(entries['5']).toEqual(['A', 'B']);
    expect(entries['1']).toEqual(['']);
  });
});

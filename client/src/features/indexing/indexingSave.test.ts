import { describe, expect, it } from 'vitest';
import { FieldProp, FieldType } from '@gs/contract/flags';
import { fieldSpec } from '../../test/fieldSpecs';
import { isEditable, wireValues } from './indexingSave';

describe('wireValues', () => {
  it('sends the editable fields only, in wire form, with the non-empty values of a multi-value field', () => {
    const specs = [
      fieldSpec({ id: 1 }),
      fieldSpec({ id: 2, type: FieldType.Integer }),
      fieldSpec({ id: 3, prop: FieldProp.MultiValue }),
      fieldSpec({ id: 4, prop: FieldProp.TableField }),
    ];
    const values = { 1: [' ACME '], 3: ['a', '', 'b'], 4: ['row'] };
    expect(specs.map(isEditable)).toEqual([true, true, true, false]);
    expect(wireValues(specs, values, 'en-US')).toEqual([
      { ID: 1, VAL: 'ACME', MVAL: [] },
      { ID: 2, VAL: '', MVAL: [] },
      { ID: 3, VAL: 'a', MVAL: ['a', 'b'] },
    ]);
  });
});

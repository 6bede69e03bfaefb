// A field spec for unit tests: a plain Character field, with whatever the test changes.
import { FieldType } from '@gs/contract/flags';
import type { FieldSpec } from '../lib/fieldSpec';

export const fieldSpec = (overrides: Partial<FieldSpec> = {}): FieldSpec => ({
  id: 1,
  name: 'Field',
  type: FieldType.Character,
  mask: '',
  size: 0,
  regex: '',
  prop: 0,
  listId: 0,
  parent: 0,
  listF1: 0,
  listF2: 0,
  ...overrides,
});

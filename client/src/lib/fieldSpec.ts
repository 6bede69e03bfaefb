// One shape for a field, whether it comes from a search result's Fields or a search prompt, with
// what the editors and checks need to know about it (spec §3 Field and prompt entries).
import type { FieldDefinition } from '@gs/contract/fields';
import { FieldProp, FieldType, SYSTEM_FIELD_PROPS, hasFlag, type FieldTypeCode } from '@gs/contract/flags';
import type { SearchPrompt } from '@gs/contract/searches';
import { regexOfField } from './characterMask';

export interface FieldSpec {
  id: number;
  name: string;
  type: FieldTypeCode;
  mask: string;
  /** maximum length of a character value; 0 = no limit known */
  size: number;
  regex: string;
  prop: number;
  listId: number;
  parent: number;
  listF1: number;
  listF2: number;
}

const typeCode = (n: number): FieldTypeCode =>
  n === FieldType.Integer || n === FieldType.Date || n === FieldType.Decimal ? n : FieldType.Character;

export const fieldSpecOf = (f: FieldDefinition): FieldSpec => ({
  id: f.ID,
  name: f.Name,
  type: typeCode(f.Type),
  mask: f.Mask ?? '',
  size: f.Size ?? 0,
  regex: regexOfField(f.RegEx),
  prop: f.Prop ?? 0,
  listId: f.List ?? 0,
  parent: f.Parent ?? 0,
  listF1: f.ListF1 ?? 0,
  listF2: f.ListF2 ?? 0,
});

export const promptFieldSpec = (p: SearchPrompt): FieldSpec => ({
  id: p.FID,
  name: p.Name || p.Prompt,
  type: typeCode(p.FieldType || p.Type),
  mask: p.Mask ?? '',
  size: 0,
  regex: '',
  prop: p.Prop ?? 0,
  listId: p.ListID ?? 0,
  parent: p.Parent ?? 0,
  listF1: p.ListF1 ?? 0,
  listF2: p.ListF2 ?? 0,
});

export type FieldKind = 'dropdown' | 'dynamic' | 'typeahead' | 'text';

/** How a value is picked: a dynamic list (128), a dropdown (64), a type-ahead (a list without 64), free text. */
export function fieldKind(f: FieldSpec): FieldKind {
  if (hasFlag(f.prop, FieldProp.DynamicList)) return 'dynamic';
  if (hasFlag(f.prop, FieldProp.DropdownList)) return 'dropdown';
  if (f.listId > 0 && f.type === FieldType.Character) return 'typeahead';
  return 'text';
}

export const isMultiValue = (f: FieldSpec): boolean => hasFlag(f.prop, FieldProp.MultiValue);
export const isRequired = (f: FieldSpec): boolean => hasFlag(f.prop, FieldProp.Required);

/** The parents a dynamic list depends on: [first, second], 0 when absent. */
export const dynamicParents = (f: FieldSpec): [number, number] => [f.listF1 || f.parent, f.listF2];

/** Prop bits that keep a cell out of inline editing (spec §5). */
export const NON_EDITABLE_PROPS = SYSTEM_FIELD_PROPS | FieldProp.MultiValue | FieldProp.TableField;

export const canEditField = (f: FieldSpec): boolean => (f.prop & NON_EDITABLE_PROPS) === 0 && f.parent === 0;

// The items a list field offers. A dynamic list (Prop 128) depends on its parent fields (ListF1,
// or Parent, then the optional ListF2): the parents' values pick a list through
// field_list_mappings; with no parent value the field's own list (every item) is offered.
// Any other field with a List (drop-down, type-ahead) offers that list.
// A `[SQL]` list's items are its query's rows, read before the checks that use them
// (lists/sqlListItems.ts, decision 044): `sqlItems` holds them; one not read offers nothing, and
// one whose query failed throws its ListQueryError when asked for (fieldValidation.ts says why).
import { FieldProp, hasFlag } from '@gs/contract/flags';
import type { FieldRule, FieldRulesRepo } from '../../fields/repos/fieldRulesRepo';
import { ListQueryError } from '../repos/sqlListQuery';

/** A [SQL] list's items as read before the checks, or why its query failed. */
export type SqlListItems = string[] | ListQueryError;

export function createFieldLists(
  rules: FieldRulesRepo,
  sqlItems: ReadonlyMap<number, SqlListItems> = new Map(),
) {
  const listItems = (listId: number): string[] => {
    if (!rules.sqlList(listId)) return rules.listItems(listId);
    const items = sqlItems.get(listId) ?? [];
    if (items instanceof ListQueryError) throw items;
    return items;
  };

  /** the list a field offers for these parent values (ignored unless it is a dynamic list) */
  function listFor(rule: FieldRule, primary: string, secondary: string): number | undefined {
    if (!hasFlag(rule.prop, FieldProp.DynamicList) || primary.trim() === '') return rule.listId || undefined;
    return (
      rules.mappedList(rule.id, primary.trim(), secondary.trim()) ??
      (secondary.trim() === '' ? undefined : rules.mappedList(rule.id, primary.trim(), ''))
    );
  }

  /** what the field offers for these parent values (ignored unless it is a dynamic list) */
  function itemsFor(rule: FieldRule, primary: string, secondary: string): string[] {
    const listId = listFor(rule, primary, secondary);
    return listId === undefined ? [] : listItems(listId);
  }

  /** the parent fields of a dynamic list: [first, second]; 0 when there is none */
  const parentsOf = (rule: FieldRule): [number, number] => [rule.listF1 || rule.parentId, rule.listF2];

  /** what the field offers given the current values of the document being edited */
  function offered(rule: FieldRule, valueOf: (fieldId: number) => string): string[] {
    const [first, second] = parentsOf(rule);
    return itemsFor(rule, first ? valueOf(first) : '', second ? valueOf(second) : '');
  }

  return { listFor, itemsFor, offered };
}
export type FieldLists = ReturnType<typeof createFieldLists>;

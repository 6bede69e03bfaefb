// The check boxes of a DataGrid have one source of truth: the checked row ids in the order they
// were checked (merge takes check order as page order, spec §5), held by the screen. The grid
// shows them (a TanStack row selection made from the list) and hands every change back as the
// next list: rows still checked keep their place, newly checked ones follow in grid order, and
// rows checked on other pages stay checked.
import type { RowSelectionState } from '@tanstack/react-table';

export function nextCheckOrder(
  previous: readonly string[],
  rows: RowSelectionState,
  gridOrder: readonly string[],
): string[] {
  const kept = previous.filter((id) => rows[id]);
  const known = new Set(kept);
  return [...kept, ...gridOrder.filter((id) => rows[id] && !known.has(id))];
}

/** The table's row selection for a list of checked ids. */
export function toRowSelection(ids: readonly string[]): RowSelectionState {
  const selection: RowSelectionState = {};
  for (const id of ids) selection[id] = true;
  return selection;
}

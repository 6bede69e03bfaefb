// The inbox grid's checked files in the order they were checked (merge takes check order as page
// order, spec §5): files still checked keep their place, newly checked ones follow in grid order.
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

// Builds the results table (TanStack Table v9): the server pages and sorts (manualPagination,
// manualSorting, sort from the address), pinned and hidden columns are remembered per grid, the
// selection lives with the grid (a new tab or archive starts without one) and is mirrored, in check
// order, into checkedDocumentsAtom for the page's operations.
import { useEffect, useMemo, useState } from 'react';
import { useAtomValue, useSetAtom } from 'jotai';
import {
  functionalUpdate,
  useTable,
  type ColumnPinningState,
  type ColumnSizingState,
  type ColumnVisibilityState,
  type RowSelectionState,
  type SortingState,
  type Updater,
} from '@tanstack/react-table';
import type { SortSpec } from '@gs/contract/searches';
import { defaultGridColumn, gridFeatures, type GridTable } from '../../components/dataGridFeatures';
import type { FieldSpec } from '../../lib/fieldSpec';
import { readGridState, writeGridState } from './gridState';
import { buildResultColumns, columnFieldId, FIXED_START_COLUMNS, fieldColumnId } from './resultsColumns';
import type { ResultRow } from './resultsRows';
import { resultsReloadAtom } from './resultsReload';
import { checkedDocumentsAtom, nextChecked } from './selection';

export interface ResultsGridInput {
  db: number;
  archive: number;
  rows: ResultRow[];
  fields: FieldSpec[];
  sort: SortSpec[];
  page: number;
  pageSize: number;
  total: number;
  gridKey: string;
  onSort: (sort: SortSpec[]) => void;
}

const notFixed = (id: string): boolean => !FIXED_START_COLUMNS.includes(id);

export const toSorting = (sort: SortSpec[]): SortingState =>
  sort.map((s) => ({ id: fieldColumnId(s.fieldId), desc: s.descending }));

export const toSortSpecs = (sorting: SortingState): SortSpec[] =>
  sorting.flatMap((s) => {
    const fieldId = columnFieldId(s.id);
    return fieldId === null ? [] : [{ fieldId, descending: s.desc }];
  });

export function useResultsGrid(input: ResultsGridInput): GridTable<ResultRow> {
  const { gridKey, onSort } = input;
  const columns = useMemo(() => buildResultColumns(input.fields), [input.fields]);
  const [saved] = useState(() => readGridState(gridKey));
  const [pinning, setPinning] = useState<ColumnPinningState>(saved.pinning);
  const [visibility, setVisibility] = useState<ColumnVisibilityState>(saved.visibility);
  const [rowSelection, setRowSelection] = useState<RowSelectionState>({});
  const setChecked = useSetAtom(checkedDocumentsAtom);
  // a new grid (archive, tab) starts with nothing checked, and leaves nothing checked behind
  useEffect(() => {
    setChecked([]);
    return () => setChecked([]);
  }, [setChecked]);
  // an operation on the checked documents finished: the page reloads with nothing checked
  const reloads = useAtomValue(resultsReloadAtom);
  const [seenReloads, setSeenReloads] = useState(reloads);
  if (reloads !== seenReloads) {
    setSeenReloads(reloads);
    setRowSelection({});
  }
  const [sizing, setSizing] = useState<ColumnSizingState>({});
  const sorting = useMemo(() => toSorting(input.sort), [input.sort]);
  const columnPinning = useMemo(
    () => ({
      start: [...FIXED_START_COLUMNS, ...pinning.start.filter(notFixed)],
      end: pinning.end.filter(notFixed),
    }),
    [pinning],
  );

  return useTable({
    features: gridFeatures,
    columns,
    data: input.rows,
    getRowId: (row) => row.id,
    defaultColumn: defaultGridColumn,
    manualSorting: true,
    manualPagination: true,
    enableMultiSort: true,
    rowCount: input.total,
    state: {
      sorting,
      pagination: { pageIndex: input.page - 1, pageSize: input.pageSize },
      columnPinning,
      columnVisibility: visibility,
      rowSelection,
      columnSizing: sizing,
    },
    onSortingChange: (updater: Updater<SortingState>) =>
      onSort(toSortSpecs(functionalUpdate(updater, sorting))),
    onColumnPinningChange: (updater: Updater<ColumnPinningState>) => {
      const next = functionalUpdate(updater, columnPinning);
      const kept = { start: next.start.filter(notFixed), end: next.end.filter(notFixed) };
      setPinning(kept);
      writeGridState(gridKey, { pinning: kept });
    },
    onColumnVisibilityChange: (updater: Updater<ColumnVisibilityState>) => {
      const next = functionalUpdate(updater, visibility);
      setVisibility(next);
      writeGridState(gridKey, { visibility: next });
    },
    onRowSelectionChange: (updater: Updater<RowSelectionState>) => {
      const next = functionalUpdate(updater, rowSelection);
      setRowSelection(next);
      const byId = new Map(input.rows.map((r) => [r.id, r]));
      setChecked((previous) =>
        nextChecked(previous, next, (rowId) => {
          const row = byId.get(rowId);
          return row && { db: input.db, archive: input.archive, doc: row.doc };
        }),
      );
    },
    onColumnSizingChange: setSizing,
  });
}

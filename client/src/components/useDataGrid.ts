// The TanStack Table (v9) behind every DataGrid: the server sorts and pages (manualSorting,
// manualPagination), the check box column comes first and the screen's fixed columns after it,
// pinned at the start whatever the user pins; the pinned and hidden columns are remembered under
// the grid's key; the check boxes show the screen's checked ids (gridSelection.ts), the table
// keeps no selection of its own.
import { useMemo, useState } from 'react';
import {
  functionalUpdate,
  useTable,
  type ColumnDef,
  type ColumnPinningState,
  type ColumnSizingState,
  type ColumnVisibilityState,
  type RowData,
  type RowSelectionState,
  type SortingState,
  type Updater,
} from '@tanstack/react-table';
import { defaultGridColumn, gridFeatures, type GridFeatures, type GridTable } from './dataGridFeatures';
import { SELECT_COLUMN_ID, selectColumn, type SelectLabels } from './gridSelectColumn';
import { nextCheckOrder, toRowSelection } from './gridSelection';
import { readGridState, writeGridState } from './gridState';

export type GridColumnDef<TData extends RowData> = ColumnDef<GridFeatures, TData, unknown>;

export interface GridSelection<TData extends RowData> {
  /** the checked row ids in check order: the one source of truth, held by the screen */
  ids: readonly string[];
  onChange: (ids: string[]) => void;
  /** keep them stable (memoized): new labels rebuild the columns */
  labels: SelectLabels<TData>;
}

export interface DataGridTableInput<TData extends RowData> {
  /** the screen's columns, after the check boxes */
  columns: GridColumnDef<TData>[];
  rows: TData[];
  rowId: (row: TData) => string;
  /** localStorage key of the remembered pinned and hidden columns */
  stateKey: string;
  /** columns kept pinned after the check boxes, in this order */
  fixedStart?: readonly string[];
  sorting: SortingState;
  onSorting: (sorting: SortingState) => void;
  multiSort?: boolean;
  /** 1-based */
  page: number;
  pageSize: number;
  total: number;
  selection: GridSelection<TData>;
}

const NONE: readonly string[] = [];
const unfixed = (fixed: readonly string[], ids: string[]) => ids.filter((id) => !fixed.includes(id));

export function useDataGridTable<TData extends RowData>(input: DataGridTableInput<TData>): GridTable<TData> {
  const { stateKey, rows, rowId, sorting, onSorting, selection } = input;
  const fixedStart = input.fixedStart ?? NONE;
  const { labels, ids, onChange } = selection;
  const columns = useMemo(() => [selectColumn(labels), ...input.columns], [labels, input.columns]);
  const [saved] = useState(() => readGridState(stateKey));
  const [pinning, setPinning] = useState<ColumnPinningState>(saved.pinning);
  const [visibility, setVisibility] = useState<ColumnVisibilityState>(saved.visibility);
  const [sizing, setSizing] = useState<ColumnSizingState>({});
  const fixed = useMemo(() => [SELECT_COLUMN_ID, ...fixedStart], [fixedStart]);
  const columnPinning = useMemo(
    () => ({ start: [...fixed, ...unfixed(fixed, pinning.start)], end: unfixed(fixed, pinning.end) }),
    [fixed, pinning],
  );
  const rowSelection = useMemo(() => toRowSelection(ids), [ids]);

  return useTable({
    features: gridFeatures,
    columns,
    data: rows,
    getRowId: rowId,
    defaultColumn: defaultGridColumn,
    manualSorting: true,
    manualPagination: true,
    enableMultiSort: input.multiSort ?? false,
    rowCount: input.total,
    state: {
      sorting,
      pagination: { pageIndex: input.page - 1, pageSize: input.pageSize },
      columnPinning,
      columnVisibility: visibility,
      rowSelection,
      columnSizing: sizing,
    },
    onSortingChange: (updater: Updater<SortingState>) => onSorting(functionalUpdate(updater, sorting)),
    onColumnPinningChange: (updater: Updater<ColumnPinningState>) => {
      const next = functionalUpdate(updater, columnPinning);
      const kept = { start: unfixed(fixed, next.start), end: unfixed(fixed, next.end) };
      setPinning(kept);
      writeGridState(stateKey, { pinning: kept });
    },
    onColumnVisibilityChange: (updater: Updater<ColumnVisibilityState>) => {
      const next = functionalUpdate(updater, visibility);
      setVisibility(next);
      writeGridState(stateKey, { visibility: next });
    },
    onRowSelectionChange: (updater: Updater<RowSelectionState>) =>
      onChange(nextCheckOrder(ids, functionalUpdate(updater, rowSelection), rows.map(rowId))),
    onColumnSizingChange: setSizing,
  });
}

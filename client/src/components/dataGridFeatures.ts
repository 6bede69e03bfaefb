// The TanStack Table v9 features every grid of the app registers (one DataGrid renders them all):
// server-owned sorting and paging (manualSorting / manualPagination, so no client row models),
// column pinning, sizing and visibility, and row selection.
import {
  columnPinningFeature,
  columnSizingFeature,
  columnVisibilityFeature,
  rowPaginationFeature,
  rowSelectionFeature,
  rowSortingFeature,
  tableFeatures,
  type Column,
  type ColumnPinningState,
  type Header,
  type Row,
  type RowData,
} from '@tanstack/react-table';
import type { ReactTable } from '@tanstack/react-table';
import type { CSSProperties } from 'react';

export const gridFeatures = tableFeatures({
  rowSortingFeature,
  rowPaginationFeature,
  columnSizingFeature,
  columnPinningFeature,
  columnVisibilityFeature,
  rowSelectionFeature,
});

export type GridFeatures = typeof gridFeatures;
export type GridTable<TData extends RowData> = ReactTable<GridFeatures, TData>;
export type GridRow<TData extends RowData> = Row<GridFeatures, TData>;
export type GridColumn<TData extends RowData> = Column<GridFeatures, TData, unknown>;
export type GridHeader<TData extends RowData> = Header<GridFeatures, TData, unknown>;

/** Every column is at least 100 px wide (spec §9). */
export const COLUMN_MIN_WIDTH = 100;
export const defaultGridColumn = { size: 160, minSize: COLUMN_MIN_WIDTH, maxSize: 800 } as const;

export const NO_PINNING: ColumnPinningState = { start: [], end: [] };

export type PinPosition = false | 'start' | 'end';

/** Pinning cycles unpinned -> left (start) -> right (end) -> unpinned (spec §4). */
export const nextPin = (current: PinPosition): PinPosition =>
  current === false ? 'start' : current === 'start' ? 'end' : false;

/** Width, and for a pinned column its sticky place (logical start/end), shared by headers and cells. */
export function pinnedStyle<TData extends RowData>(column: GridColumn<TData>): CSSProperties {
  const pinned = column.getIsPinned();
  return {
    width: column.getSize(),
    minWidth: column.getSize(),
    position: pinned ? 'sticky' : undefined,
    insetInlineStart: pinned === 'start' ? column.getStart('start') : undefined,
    insetInlineEnd: pinned === 'end' ? column.getAfter('end') : undefined,
    zIndex: pinned ? 1 : undefined,
  };
}

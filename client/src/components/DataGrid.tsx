// The one grid of the app (house style), for the results, task and inbox grids alike: a screen
// gives its columns, rows, sort, page and checked ids (useDataGrid.ts builds the TanStack Table v9
// instance, the check box column first) and its row actions; the grid renders an ARIA grid with a
// sticky header, pinned columns kept in view, virtualized rows (only the rows in sight are in the
// DOM, so a 10,000-row page scrolls smoothly), roving keyboard focus (useGridKeyboard.ts) and the
// paging below it. Sorting and paging belong to the server.
import { useCallback, useLayoutEffect, useRef, type MouseEvent, type ReactNode } from 'react';
import type { RowData } from '@tanstack/react-table';
import { useVirtualizer } from '@tanstack/react-virtual';
import { GRID_PAGE_SIZES } from '../lib/pageSize';
import { DataGridHeader } from './DataGridHeader';
import { Pagination } from './Pagination';
import { useDataGridTable, type DataGridTableInput } from './useDataGrid';
import { useGridKeyboard } from './useGridKeyboard';
import { pinnedStyle, type GridRow, type GridTable } from './dataGridFeatures';

export interface DataGridProps<TData extends RowData> extends DataGridTableInput<TData> {
  label: string;
  /** the first page arrived: the empty text and the paging show from then on */
  loaded: boolean;
  /** the paging's label */
  pagesLabel: string;
  onPage: (page: number) => void;
  onPageSize: (size: number) => void;
  rowHeight?: number;
  /** class names and test ids of a row */
  rowProps?: (row: GridRow<TData>) => { className?: string; testId?: string };
  /** the event is absent when the row was activated with Enter */
  onRowClick?: (row: GridRow<TData>, event: MouseEvent | undefined) => void;
  onRowDoubleClick?: (row: GridRow<TData>, event: MouseEvent) => void;
  empty?: ReactNode;
  /** called a frame after rows for a new `paintKey` are committed (timing of first paint) */
  onPainted?: () => void;
  paintKey?: unknown;
  busy?: boolean;
  testId?: string;
}

export function DataGrid<TData extends RowData>(props: DataGridProps<TData>) {
  const table = useDataGridTable(props);
  const pageCount = Math.max(1, Math.ceil(props.total / props.pageSize));
  return (
    <>
      <GridView {...props} table={table} empty={props.loaded ? props.empty : undefined} />
      {props.loaded && (
        <Pagination
          label={props.pagesLabel}
          page={props.page}
          pageCount={pageCount}
          onPage={props.onPage}
          pageSize={props.pageSize}
          pageSizes={GRID_PAGE_SIZES}
          onPageSize={props.onPageSize}
          total={props.total}
        />
      )}
    </>
  );
}

type GridViewProps<TData extends RowData> = Pick<
  DataGridProps<TData>,
  | 'label'
  | 'rowHeight'
  | 'rowProps'
  | 'onRowClick'
  | 'onRowDoubleClick'
  | 'empty'
  | 'onPainted'
  | 'paintKey'
  | 'busy'
  | 'testId'
> & { table: GridTable<TData> };

function GridView<TData extends RowData>(props: GridViewProps<TData>) {
  const { table, rowHeight = 36, onPainted, paintKey } = props;
  const scroller = useRef<HTMLDivElement>(null);
  const rows = table.getRowModel().rows;
  // stable options: the virtualizer re-measures every item (10,000 objects) when they change
  const estimateSize = useCallback(() => rowHeight, [rowHeight]);
  // TanStack Virtual hands out functions React Compiler cannot memoize; this component is not compiled
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scroller.current,
    estimateSize,
    overscan: 8,
  });
  const headers = table.getHeaderGroups()[0]?.headers ?? [];
  const measured = virtualizer.getVirtualItems();
  // until the scroller has a size (first layout, hidden or printed grids) show the first rows
  const items = measured.length || rows.length === 0 ? measured : unmeasuredItems(rows.length, rowHeight);

  const grid = useRef<HTMLDivElement>(null);
  const keyboard = useGridKeyboard({
    root: grid,
    rowCount: rows.length,
    pageRows: Math.max(1, Math.floor((scroller.current?.clientHeight ?? rowHeight * 10) / rowHeight) - 1),
    scrollToIndex: (index) => virtualizer.scrollToIndex(index),
    onActivate: props.onRowClick
      ? (index) => {
          const row = rows[index];
          if (row) props.onRowClick?.(row, undefined);
        }
      : undefined,
  });

  useLayoutEffect(() => {
    if (!onPainted) return;
    const frame = requestAnimationFrame(() => onPainted());
    return () => cancelAnimationFrame(frame);
  }, [onPainted, paintKey]);

  return (
    <div
      ref={grid}
      className="data-grid"
      role="grid"
      aria-label={props.label}
      aria-rowcount={rows.length + 1}
      aria-colcount={headers.length}
      aria-busy={props.busy || undefined}
      data-testid={props.testId}
      onKeyDown={keyboard.onKeyDown}
    >
      <div ref={scroller} className="data-grid__scroll">
        <div className="data-grid__inner" style={{ width: table.getTotalSize() }}>
          <DataGridHeader table={table} headers={headers} />
          <div role="rowgroup" className="data-grid__body" style={{ height: virtualizer.getTotalSize() }}>
            {items.map((item) => {
              const row = rows[item.index];
              if (!row) return null;
              const extra = props.rowProps?.(row);
              return (
                <div
                  key={row.id}
                  role="row"
                  aria-rowindex={item.index + 2}
                  data-row-index={item.index}
                  tabIndex={item.index === keyboard.tabRow ? 0 : -1}
                  onFocus={() => keyboard.onRowFocus(item.index)}
                  aria-selected={row.getIsSelected() || undefined}
                  className={`data-grid__row ${extra?.className ?? ''}`}
                  data-testid={extra?.testId}
                  style={{ height: rowHeight, transform: `translateY(${item.start}px)` }}
                  onClick={props.onRowClick ? (event) => props.onRowClick?.(row, event) : undefined}
                  onDoubleClick={
                    props.onRowDoubleClick ? (event) => props.onRowDoubleClick?.(row, event) : undefined
                  }
                >
                  {row.getVisibleCells().map((cell) => (
                    <div
                      key={cell.id}
                      role="gridcell"
                      tabIndex={-1}
                      className="data-grid__cell"
                      style={pinnedStyle(cell.column)}
                    >
                      <table.FlexRender cell={cell} />
                    </div>
                  ))}
                </div>
              );
            })}
          </div>
          {rows.length === 0 && props.empty && <div className="data-grid__empty">{props.empty}</div>}
        </div>
      </div>
    </div>
  );
}

const UNMEASURED_ROWS = 30;

function unmeasuredItems(count: number, rowHeight: number): { index: number; start: number }[] {
  return Array.from({ length: Math.min(count, UNMEASURED_ROWS) }, (_, index) => ({
    index,
    start: index * rowHeight,
  }));
}

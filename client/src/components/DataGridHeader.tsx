// The grid's header row: each header sorts on click (shift adds to the sort) and exposes aria-sort;
// sortable, pinnable or hideable columns get the column menu.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { RowData } from '@tanstack/react-table';
import { ColumnMenu } from './ColumnMenu';
import { pinnedStyle, type GridHeader, type GridTable } from './dataGridFeatures';

const ARIA_SORT = { asc: 'ascending', desc: 'descending' } as const;

export function DataGridHeader<TData extends RowData>({
  table,
  headers,
}: {
  table: GridTable<TData>;
  headers: GridHeader<TData>[];
}) {
  return (
    <div role="rowgroup" className="data-grid__head">
      <div role="row" aria-rowindex={1} className="data-grid__row data-grid__row--head">
        {headers.map((header) => (
          <HeaderCell key={header.id} table={table} header={header} />
        ))}
      </div>
    </div>
  );
}

function HeaderCell<TData extends RowData>({
  table,
  header,
}: {
  table: GridTable<TData>;
  header: GridHeader<TData>;
}) {
  const { t } = useTranslation();
  const [menu, setMenu] = useState<HTMLElement | null>(null);
  const column = header.column;
  const sorted = column.getIsSorted();
  const canSort = column.getCanSort();
  const hasMenu = canSort || column.getCanPin() || column.getCanHide();
  const name = typeof column.columnDef.header === 'string' ? column.columnDef.header : column.id;
  const sortIndex = sorted && table.state.sorting.length > 1 ? column.getSortIndex() + 1 : null;
  return (
    <div
      role="columnheader"
      className="data-grid__header"
      aria-sort={sorted ? ARIA_SORT[sorted] : canSort ? 'none' : undefined}
      style={pinnedStyle(column)}
      data-testid={`column-${column.id}`}
    >
      {canSort ? (
        <button type="button" className="data-grid__sort" onClick={column.getToggleSortingHandler()}>
          <span className="data-grid__header-text">
            <table.FlexRender header={header} />
          </span>
          {sorted && (
            <span className="data-grid__sort-mark" aria-hidden="true">
              {sorted === 'asc' ? '▲' : '▼'}
              {sortIndex}
            </span>
          )}
        </button>
      ) : (
        <span className="data-grid__header-text">
          <table.FlexRender header={header} />
        </span>
      )}
      {hasMenu && (
        <span className="data-grid__menu-anchor">
          <button
            type="button"
            className="icon-button data-grid__menu-button"
            aria-haspopup="menu"
            aria-expanded={menu !== null}
            aria-label={t('grid.menu.open', { name })}
            onClick={(event) => setMenu(menu ? null : event.currentTarget)}
          >
            ⋮
          </button>
          {menu && (
            <ColumnMenu
              table={table}
              column={column}
              name={name}
              anchor={menu}
              onClose={() => setMenu(null)}
            />
          )}
        </span>
      )}
    </div>
  );
}

// A column's menu (spec §2): sort ascending or descending, remove all sorts, pin (cycling
// unpinned, left, right, unpinned), hide, show any hidden column, and restore the columns.
import { useTranslation } from 'react-i18next';
import type { RowData } from '@tanstack/react-table';
import { Popover } from './Popover';
import { nextPin, type GridColumn, type GridTable } from './dataGridFeatures';

const PIN_LABEL = {
  false: 'grid.menu.pinLeft',
  start: 'grid.menu.pinRight',
  end: 'grid.menu.unpin',
} as const;

export function ColumnMenu<TData extends RowData>({
  table,
  column,
  name,
  onClose,
  anchor,
}: {
  anchor: HTMLElement;
  table: GridTable<TData>;
  column: GridColumn<TData>;
  name: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const act = (action: () => void) => () => {
    action();
    onClose();
  };
  const pinned = column.getIsPinned();
  const hideable = table.getAllLeafColumns().filter((c) => c.getCanHide());
  return (
    <Popover
      label={t('grid.menu.label', { name })}
      className="column-menu"
      role="menu"
      anchor={anchor}
      onClose={onClose}
    >
      {column.getCanSort() && (
        <>
          <button type="button" role="menuitem" onClick={act(() => column.toggleSorting(false, false))}>
            {t('grid.menu.sortAsc')}
          </button>
          <button type="button" role="menuitem" onClick={act(() => column.toggleSorting(true, false))}>
            {t('grid.menu.sortDesc')}
          </button>
        </>
      )}
      <button
        type="button"
        role="menuitem"
        onClick={act(() => table.setSorting([]))}
        disabled={table.state.sorting.length === 0}
      >
        {t('grid.menu.removeSorts')}
      </button>
      {column.getCanPin() && (
        <button type="button" role="menuitem" onClick={act(() => column.pin(nextPin(pinned)))}>
          {t(PIN_LABEL[String(pinned) as keyof typeof PIN_LABEL])}
        </button>
      )}
      {column.getCanHide() && (
        <button type="button" role="menuitem" onClick={act(() => column.toggleVisibility(false))}>
          {t('grid.menu.hide')}
        </button>
      )}
      <button
        type="button"
        role="menuitem"
        onClick={act(() => {
          table.resetColumnVisibility(true);
          table.resetColumnPinning(true);
          table.resetColumnSizing(true);
        })}
      >
        {t('grid.menu.restore')}
      </button>
      <fieldset className="column-menu__columns">
        <legend>{t('grid.menu.columns')}</legend>
        {hideable.map((c) => (
          <label key={c.id}>
            {/* a menu holds menu items only: each column is a checkable one (aria-required-children) */}
            <input
              type="checkbox"
              role="menuitemcheckbox"
              checked={c.getIsVisible()}
              onChange={() => c.toggleVisibility()}
            />
            {typeof c.columnDef.header === 'string' ? c.columnDef.header : c.id}
          </label>
        ))}
      </fieldset>
    </Popover>
  );
}

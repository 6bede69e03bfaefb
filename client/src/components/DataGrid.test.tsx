// The one grid's check boxes and keyboard, as the results, task and inbox screens use them: the
// screen holds the checked ids (here a state shown in an <output>), the grid shows and changes
// them, and the grid is one tab stop moved by the arrows.
import { fireEvent, render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { createColumnHelper, type SortingState } from '@tanstack/react-table';
import { createStore } from 'jotai';
import { AppProviders } from '../app/AppProviders';
import type { AppStore } from '../app/createAppStore';
import { createI18n } from '../app/i18n';
import { DataGrid } from './DataGrid';
import type { GridFeatures, GridRow } from './dataGridFeatures';
import type { GridColumnDef } from './useDataGrid';

interface Item {
  id: string;
  name: string;
}

const ITEMS: Item[] = ['a', 'b', 'c', 'd', 'e'].map((id) => ({ id, name: `name ${id}` }));
const helper = createColumnHelper<GridFeatures, Item>();
const COLUMNS = [
  helper.display({
    id: 'open',
    size: 100,
    enableSorting: false,
    enableHiding: false,
    enablePinning: false,
    header: '',
    cell: ({ row }) => (
      <button type="button" onClick={(event) => event.stopPropagation()}>
        open {row.original.id}
      </button>
    ),
  }) as GridColumnDef<Item>,
  helper.accessor('name', { id: 'name', header: 'Name' }) as GridColumnDef<Item>,
];
const FIXED = ['open'];
const LABELS = { all: 'Select all', row: (item: Item) => `Select ${item.id}` };
const rowId = (item: Item) => item.id;

type RowAction = (row: GridRow<Item>, event: unknown) => void;

function Screen({
  initial = [],
  onRowClick,
  rows = ITEMS,
}: {
  initial?: string[];
  onRowClick?: RowAction;
  rows?: Item[];
}) {
  const [checked, setChecked] = useState<readonly string[]>(initial);
  const [sorting, setSorting] = useState<SortingState>([]);
  return (
    <>
      <output data-testid="checked">{checked.join(',')}</output>
      <button type="button" onClick={() => setChecked([])}>
        clear
      </button>
      <DataGrid
        columns={COLUMNS}
        rows={rows}
        rowId={rowId}
        stateKey="gridState.test"
        fixedStart={FIXED}
        sorting={sorting}
        onSorting={setSorting}
        page={1}
        pageSize={25}
        total={rows.length}
        onPage={() => {}}
        onPageSize={() => {}}
        selection={{ ids: checked, onChange: setChecked, labels: LABELS }}
        loaded
        label="Items"
        pagesLabel="Item pages"
        testId="grid"
        rowProps={(row) => ({ testId: `row-${row.id}` })}
        onRowClick={onRowClick}
      />
    </>
  );
}

function renderScreen(props: Parameters<typeof Screen>[0] = {}) {
  return render(
    <AppProviders store={createStore() as AppStore} i18n={createI18n('en')}>
      <Screen {...props} />
    </AppProviders>,
  );
}

const checked = () => screen.getByTestId('checked').textContent;
const box = (name: string) => screen.getByRole<HTMLInputElement>('checkbox', { name });
const row = (id: string) => screen.getByTestId(`row-${id}`);
const key = (target: Element, k: string) => fireEvent.keyDown(target, { key: k });
const focused = () => document.activeElement;

describe('DataGrid selection', () => {
  it('hands the checked ids back in check order, new rows of a select-all in grid order', () => {
    renderScreen();
    fireEvent.click(box('Select c'));
    fireEvent.click(box('Select a'));
    expect(checked()).toBe('c,a');
    expect(row('c').getAttribute('aria-selected')).toBe('true');
    expect(row('b').getAttribute('aria-selected')).toBeNull();
    expect(box('Select all').checked).toBe(false);
    expect(box('Select all').indeterminate).toBe(true);

    fireEvent.click(box('Select all'));
    expect(checked()).toBe('c,a,b,d,e');
    expect(box('Select all').checked).toBe(true);
    expect(box('Select all').indeterminate).toBe(false);

    fireEvent.click(box('Select a'));
    expect(checked()).toBe('c,b,d,e');
    fireEvent.click(box('Select all'));
    expect(checked()).toBe('c,b,d,e,a');
    fireEvent.click(box('Select all'));
    expect(checked()).toBe('');
    expect(screen.getAllByRole('row').filter((r) => r.getAttribute('aria-selected'))).toEqual([]);
  });

  it('adds a select-all in grid order with document ids too (not in the order of the ids)', () => {
    const rows = ['30', '10', '20'].map((id) => ({ id, name: `doc ${id}` }));
    renderScreen({ rows, initial: ['20'] });
    fireEvent.click(box('Select all'));
    expect(checked()).toBe('20,30,10');
  });

  it('shows only what the screen holds: cleared by the screen, the check boxes clear', () => {
    renderScreen({ initial: ['b', 'd'] });
    expect(box('Select b').checked).toBe(true);
    expect(box('Select d').checked).toBe(true);
    expect(row('d').getAttribute('aria-selected')).toBe('true');
    fireEvent.click(screen.getByRole('button', { name: 'clear' }));
    expect(box('Select b').checked).toBe(false);
    expect(box('Select d').checked).toBe(false);
    expect(row('d').getAttribute('aria-selected')).toBeNull();
    // and the next check starts from the screen's list, not from a copy the grid kept
    fireEvent.click(box('Select e'));
    expect(checked()).toBe('e');
  });

  it('keeps rows checked on other pages through checks and the page select-all', () => {
    renderScreen({ initial: ['z'] });
    fireEvent.click(box('Select b'));
    expect(checked()).toBe('z,b');
    fireEvent.click(box('Select all'));
    expect(checked()).toBe('z,b,a,c,d,e');
    fireEvent.click(box('Select all'));
    expect(checked()).toBe('z');
  });

  it('lets a row action toggle the row (the inbox), and a check box click is not a row click', () => {
    const onRowClick = vi.fn<RowAction>((r) => r.toggleSelected());
    renderScreen({ onRowClick });
    fireEvent.click(within(row('d')).getByText('name d'));
    fireEvent.click(within(row('b')).getByText('name b'));
    expect(checked()).toBe('d,b');
    fireEvent.click(box('Select a'));
    expect(onRowClick).toHaveBeenCalledTimes(2);
    expect(checked()).toBe('d,b,a');
  });

  it('puts the check boxes first and keeps them and the fixed columns pinned whatever was remembered', () => {
    window.localStorage.setItem(
      'gridState.test',
      JSON.stringify({ pinning: { start: ['name'], end: ['select', 'open'] }, visibility: {} }),
    );
    renderScreen();
    const headers = within(screen.getByTestId('grid')).getAllByRole('columnheader');
    expect(headers.map((h) => h.dataset.testid)).toEqual(['column-select', 'column-open', 'column-name']);
    for (const header of headers) expect(header.style.position).toBe('sticky');
    expect(headers.map((h) => parseFloat(h.style.insetInlineStart))).toEqual([0, 40, 140]);
  });
});

describe('DataGrid keyboard', () => {
  it('is one tab stop, the rows moved through with the arrows, Home, End and the pages', () => {
    renderScreen();
    const rows = ITEMS.map((item) => row(item.id));
    expect(rows.map((r) => r.tabIndex)).toEqual([0, -1, -1, -1, -1]);
    // nothing inside the rows or the header is a tab stop
    expect(box('Select a').getAttribute('tabindex')).toBe('-1');
    expect(box('Select all').getAttribute('tabindex')).toBe('-1');
    expect(screen.getByRole('button', { name: 'Name' }).getAttribute('tabindex')).toBe('-1');

    rows[0]?.focus();
    key(rows[0]!, 'ArrowDown');
    expect(focused()).toBe(rows[1]);
    expect(rows.map((r) => r.tabIndex)).toEqual([-1, 0, -1, -1, -1]);
    key(rows[1]!, 'End');
    expect(focused()).toBe(rows[4]);
    key(rows[4]!, 'ArrowDown');
    expect(focused()).toBe(rows[4]);
    key(rows[4]!, 'Home');
    expect(focused()).toBe(rows[0]);
    key(rows[0]!, 'PageDown');
    expect(focused()?.getAttribute('data-row-index')).not.toBe('0');
    key(focused()!, 'PageUp');
    expect(focused()).toBe(rows[0]);
  });

  it('reaches the header from the first row and comes back, and moves between the cells of a row', () => {
    renderScreen();
    const first = row('a');
    first.focus();
    key(first, 'ArrowUp');
    expect(focused()).toBe(box('Select all'));
    key(focused()!, 'ArrowRight');
    expect(focused()).toBe(screen.getByRole('button', { name: 'Name' }));
    key(focused()!, 'ArrowDown');
    expect(focused()).toBe(first);

    key(first, 'ArrowRight');
    expect(focused()).toBe(box('Select a'));
    key(focused()!, 'ArrowRight');
    expect(focused()).toBe(within(first).getByRole('button', { name: 'open a' }));
    key(focused()!, 'ArrowRight');
    expect(focused()?.getAttribute('role')).toBe('gridcell');
    key(focused()!, 'ArrowLeft');
    key(focused()!, 'ArrowLeft');
    key(focused()!, 'ArrowLeft');
    expect(focused()).toBe(first);
  });

  it('activates the focused row with Enter, not a control inside it', () => {
    const onRowClick = vi.fn<RowAction>();
    renderScreen({ onRowClick });
    const second = row('b');
    second.focus();
    key(second, 'Enter');
    expect(onRowClick).toHaveBeenCalledTimes(1);
    expect(onRowClick.mock.calls[0]?.[0].id).toBe('b');
    expect(onRowClick.mock.calls[0]?.[1]).toBeUndefined();
    key(box('Select b'), 'Enter');
    expect(onRowClick).toHaveBeenCalledTimes(1);
  });
});

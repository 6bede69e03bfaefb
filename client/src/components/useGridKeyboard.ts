// Roving focus for the DataGrid (WAI-ARIA grid pattern): the grid is one tab stop, the row last
// focused (the first one at first). Up/Down, Home/End and PageUp/PageDown move between rows,
// Left/Right between the cells of a row, Up from the first row reaches the column headers (Left/
// Right between their buttons, Down back to the rows). Enter on a row activates it. The controls
// inside rows and headers are reached by the arrows or the pointer, not by Tab; text editors keep
// their own keys.
import { useEffect, useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';

const ROW_CONTROLS = 'button, a[href], input[type="checkbox"], input[type="radio"], [tabindex="0"]';
const TEXT_CONTROL =
  'input:not([type="checkbox"]):not([type="radio"]), textarea, select, [contenteditable="true"]';

export interface GridKeyboard {
  /** the row index that is the grid's tab stop */
  tabRow: number;
  onKeyDown: (event: KeyboardEvent<HTMLElement>) => void;
  onRowFocus: (index: number) => void;
}

export function useGridKeyboard({
  root,
  rowCount,
  pageRows,
  scrollToIndex,
  onActivate,
}: {
  root: React.RefObject<HTMLElement | null>;
  rowCount: number;
  /** rows in sight, for PageUp/PageDown */
  pageRows: number;
  scrollToIndex: (index: number) => void;
  onActivate?: (index: number) => void;
}): GridKeyboard {
  const [active, setActive] = useState(0);
  const pending = useRef<number | null>(null);
  const tabRow = Math.min(active, Math.max(0, rowCount - 1));

  // nothing inside the rows or the header is a tab stop but the roving row
  // (an empty grid keeps its header's buttons in the tab order)
  useLayoutEffect(() => {
    root.current
      ?.querySelectorAll<HTMLElement>(`.data-grid__body [role="row"] :is(${ROW_CONTROLS})`)
      .forEach((node) => node.setAttribute('tabindex', '-1'));
    root.current?.querySelectorAll<HTMLElement>(`.data-grid__head :is(${ROW_CONTROLS})`).forEach((node) => {
      if (rowCount > 0) node.setAttribute('tabindex', '-1');
      else node.removeAttribute('tabindex');
    });
  });

  // a row scrolled into view is focused once it is rendered
  useEffect(() => {
    if (pending.current === null) return;
    const row = rowElement(root.current, pending.current);
    if (row) {
      pending.current = null;
      row.focus();
    }
  });

  const focusRow = (index: number) => {
    const target = Math.max(0, Math.min(rowCount - 1, index));
    setActive(target);
    const row = rowElement(root.current, target);
    if (row) row.focus();
    else {
      pending.current = target;
      scrollToIndex(target);
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    const target = event.target as HTMLElement;
    if (target.closest(TEXT_CONTROL) || target.closest('.popover')) return;
    const grid = root.current;
    if (!grid) return;
    const header = target.closest('.data-grid__head');
    if (header) {
      const stops = [...header.querySelectorAll<HTMLElement>(ROW_CONTROLS)];
      const at = stops.indexOf(target);
      const step = { ArrowRight: 1, ArrowLeft: -1 }[event.key];
      if (step && at >= 0) stops[Math.max(0, Math.min(stops.length - 1, at + step))]?.focus();
      else if (event.key === 'ArrowDown' && rowCount > 0) focusRow(tabRow);
      else return;
      event.preventDefault();
      return;
    }
    const row = target.closest<HTMLElement>('[role="row"]');
    if (!row) return;
    const index = Number(row.dataset.rowIndex);
    const cells = [...row.querySelectorAll<HTMLElement>('[role="gridcell"]')];
    const cell = target.closest<HTMLElement>('[role="gridcell"]');
    const at = cell ? cells.indexOf(cell) : -1;
    switch (event.key) {
      case 'ArrowDown':
        focusRow(index + 1);
        break;
      case 'ArrowUp':
        if (index === 0) grid.querySelector<HTMLElement>(`.data-grid__head :is(${ROW_CONTROLS})`)?.focus();
        else focusRow(index - 1);
        break;
      case 'Home':
        focusRow(0);
        break;
      case 'End':
        focusRow(rowCount - 1);
        break;
      case 'PageDown':
        focusRow(index + pageRows);
        break;
      case 'PageUp':
        focusRow(index - pageRows);
        break;
      case 'ArrowRight':
        focusCell(cells[Math.min(cells.length - 1, at + 1)]);
        break;
      case 'ArrowLeft':
        if (at <= 0) row.focus();
        else focusCell(cells[at - 1]);
        break;
      case 'Enter':
        if (target !== row || !onActivate) return;
        onActivate(index);
        break;
      default:
        return;
    }
    event.preventDefault();
  };

  return { tabRow, onKeyDown, onRowFocus: setActive };
}

/** A cell's own control (a checkbox, a button) takes the focus, else the cell itself. */
function focusCell(cell: HTMLElement | undefined) {
  if (!cell) return;
  (cell.querySelector<HTMLElement>(`${ROW_CONTROLS}, ${TEXT_CONTROL}`) ?? cell).focus();
}

const rowElement = (grid: HTMLElement | null, index: number) =>
  grid?.querySelector<HTMLElement>(`.data-grid__body [role="row"][data-row-index="${index}"]`) ?? null;

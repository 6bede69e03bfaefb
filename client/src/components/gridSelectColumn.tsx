// The check box column every DataGrid starts with: a check box per row and one in the header for
// the rows of the page (checked when all are, mixed when some are). Its labels come from the
// screen (a results page has one translation filled in per row, the inbox names the file).
import type { ColumnDef, RowData, Table } from '@tanstack/react-table';
import type { GridFeatures, GridRow } from './dataGridFeatures';

export const SELECT_COLUMN_ID = 'select';

export interface SelectLabels<TData extends RowData> {
  /** the header's check box */
  all: string;
  /** a row's check box */
  row: (row: TData) => string;
}

function SelectAll<TData extends RowData>({
  table,
  label,
}: {
  table: Table<GridFeatures, TData>;
  label: string;
}) {
  // plain lookups: the table's own page-selection checks walk 10,000 rows through several layers
  const selection = table.atoms.rowSelection.get();
  const rows = table.getRowModel().rows;
  const all = rows.length > 0 && rows.every((row) => selection[row.id]);
  const some = !all && rows.some((row) => selection[row.id]);
  return (
    <input
      type="checkbox"
      aria-label={label}
      checked={all}
      ref={(el) => {
        if (el) el.indeterminate = some;
      }}
      onChange={table.getToggleAllPageRowsSelectedHandler()}
    />
  );
}

function SelectRow<TData extends RowData>({ row, label }: { row: GridRow<TData>; label: string }) {
  return (
    <input
      type="checkbox"
      aria-label={label}
      checked={row.getIsSelected()}
      onClick={(event) => event.stopPropagation()}
      onChange={row.getToggleSelectedHandler()}
    />
  );
}

export function selectColumn<TData extends RowData>(
  labels: SelectLabels<TData>,
): ColumnDef<GridFeatures, TData, unknown> {
  return {
    id: SELECT_COLUMN_ID,
    size: 40,
    minSize: 40,
    enableSorting: false,
    enableHiding: false,
    enablePinning: false,
    header: ({ table }) => <SelectAll table={table} label={labels.all} />,
    cell: ({ row }) => <SelectRow row={row} label={labels.row(row.original)} />,
  };
}

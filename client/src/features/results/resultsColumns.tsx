// The results grid's columns: row selection, the thumbnail (30 px) and one per field of the
// result. Selection and thumbnail are module-level; field columns follow the result's Fields.
import { createColumnHelper, type ColumnDef, type Table } from '@tanstack/react-table';
import { useTranslation } from 'react-i18next';
import { defaultGridColumn, type GridFeatures, type GridRow } from '../../components/dataGridFeatures';
import { isMultiValue, type FieldSpec } from '../../lib/fieldSpec';
import { FieldCell } from './FieldCell';
import { useResultsContext } from './resultsContext';
import { ThumbnailCell } from './ThumbnailCell';
import { valueText, type ResultRow } from './resultsRows';
import { viewColumn } from '../viewer/ViewButton';

const helper = createColumnHelper<GridFeatures, ResultRow>();

export type ResultColumn = ColumnDef<GridFeatures, ResultRow, unknown>;

export const fieldColumnId = (fieldId: number): string => `f${fieldId}`;
export const columnFieldId = (columnId: string): number | null =>
  /^f-?\d+$/.test(columnId) ? Number(columnId.slice(1)) : null;

function SelectAll({ table }: { table: Table<GridFeatures, ResultRow> }) {
  const { t } = useTranslation();
  // plain lookups: the table's own page-selection checks walk 10,000 rows through several layers
  const selection = table.atoms.rowSelection.get();
  const rows = table.getRowModel().rows;
  const all = rows.length > 0 && rows.every((row) => selection[row.id]);
  const some = !all && rows.some((row) => selection[row.id]);
  return (
    <input
      type="checkbox"
      aria-label={t('results.selectAll')}
      checked={all}
      ref={(el) => {
        if (el) el.indeterminate = some;
      }}
      onChange={table.getToggleAllPageRowsSelectedHandler()}
    />
  );
}

function SelectRow({ row }: { row: GridRow<ResultRow> }) {
  const { labels } = useResultsContext();
  return (
    <input
      type="checkbox"
      aria-label={labels.selectRow(row.original.doc.Id)}
      checked={row.getIsSelected()}
      onClick={(event) => event.stopPropagation()}
      onChange={row.getToggleSelectedHandler()}
    />
  );
}

const fixed = { enableSorting: false, enableHiding: false, enablePinning: false } as const;

export const selectColumn = helper.display({
  id: 'select',
  size: 40,
  minSize: 40,
  ...fixed,
  header: ({ table }) => <SelectAll table={table} />,
  cell: ({ row }) => <SelectRow row={row} />,
});

export const THUMBNAIL_COLUMN_WIDTH = 30;
export const thumbnailColumn = helper.display({
  id: 'thumb',
  size: THUMBNAIL_COLUMN_WIDTH,
  minSize: THUMBNAIL_COLUMN_WIDTH,
  maxSize: THUMBNAIL_COLUMN_WIDTH,
  ...fixed,
  header: '',
  cell: ({ row }) => <ThumbnailCell doc={row.original.doc} />,
});

export function fieldColumn(spec: FieldSpec): ResultColumn {
  return helper.accessor((row: ResultRow) => valueText(row.values[spec.id]), {
    id: fieldColumnId(spec.id),
    header: spec.name,
    ...defaultGridColumn,
    // the server cannot sort on a multi-value field
    enableSorting: !isMultiValue(spec),
    cell: ({ row }) => <FieldCell row={row.original} spec={spec} />,
  }) as ResultColumn;
}

export const buildResultColumns = (fields: FieldSpec[]): ResultColumn[] => [
  selectColumn as ResultColumn,
  thumbnailColumn as ResultColumn,
  viewColumn as ResultColumn,
  ...fields.map(fieldColumn),
];

/** The columns kept at the start whatever the user pins. */
export const FIXED_START_COLUMNS = ['select', 'thumb', 'view'];

// The results grid's columns after DataGrid's check boxes: the thumbnail (30 px), the view button
// and one per field of the result. Thumbnail and view are module-level; field columns follow the
// result's Fields.
import { createColumnHelper, type ColumnDef } from '@tanstack/react-table';
import { defaultGridColumn, type GridFeatures } from '../../components/dataGridFeatures';
import { HiddenHeader } from '../../components/HiddenHeader';
import { isMultiValue, type FieldSpec } from '../../lib/fieldSpec';
import { FieldCell } from './FieldCell';
import { ThumbnailCell } from './ThumbnailCell';
import { valueText, type ResultRow } from './resultsRows';
import { viewColumn } from '../viewer/ViewButton';

const helper = createColumnHelper<GridFeatures, ResultRow>();

export type ResultColumn = ColumnDef<GridFeatures, ResultRow, unknown>;

export const fieldColumnId = (fieldId: number): string => `f${fieldId}`;
export const columnFieldId = (columnId: string): number | null =>
  /^f-?\d+$/.test(columnId) ? Number(columnId.slice(1)) : null;

const fixed = { enableSorting: false, enableHiding: false, enablePinning: false } as const;

export const THUMBNAIL_COLUMN_WIDTH = 30;
export const thumbnailColumn = helper.display({
  id: 'thumb',
  size: THUMBNAIL_COLUMN_WIDTH,
  minSize: THUMBNAIL_COLUMN_WIDTH,
  maxSize: THUMBNAIL_COLUMN_WIDTH,
  ...fixed,
  header: () => <HiddenHeader textKey="grid.columns.thumbnail" />,
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
  thumbnailColumn as ResultColumn,
  viewColumn as ResultColumn,
  ...fields.map(fieldColumn),
];

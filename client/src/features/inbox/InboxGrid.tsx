// An inbox's files on the app's one grid (DataGrid, TanStack Table v9): check boxes, a view button,
// a 150x150 thumbnail, File Name, File Type, Date Created and Date Modified (spec §2), sorted and
// paged by the server (one sort at a time: name, type, created, date), with the grid's page sizes.
// The view button or a double-click opens the file in the viewer (ctrl-click: a new tab).
import { useMemo, useState } from 'react';
import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import {
  createColumnHelper,
  functionalUpdate,
  useTable,
  type ColumnDef,
  type ColumnPinningState,
  type ColumnSizingState,
  type ColumnVisibilityState,
  type RowSelectionState,
  type SortingState,
  type Table,
  type Updater,
} from '@tanstack/react-table';
import type { InboxFile } from '@gs/contract/inboxes';
import { fullName, inboxThumbUrl, type InboxSort, type InboxSortKey } from '../../api/inboxes';
import { DataGrid } from '../../components/DataGrid';
import {
  defaultGridColumn,
  gridFeatures,
  type GridFeatures,
  type GridRow,
} from '../../components/dataGridFeatures';
import { Pagination } from '../../components/Pagination';
import { GRID_PAGE_SIZES } from '../../lib/pageSize';
import { httpAtom } from '../../state/environment';
import { sessionAtom } from '../../state/session';
import { disableOpenDocAtom } from '../../state/displayPreferences';
import { readGridState, writeGridState } from '../results/gridState';
import { useDateFormat } from '../../app/useDateFormat';

const helper = createColumnHelper<GridFeatures, InboxFile>();
type InboxColumn = ColumnDef<GridFeatures, InboxFile, unknown>;

/** Column id -> the server's sort key. */
const SORT_KEYS: Record<string, InboxSortKey> = {
  FileName: 'name',
  FileType: 'type',
  DateCreated: 'created',
  DateModified: 'date',
};
const columnOf = (key: InboxSortKey): string =>
  Object.entries(SORT_KEYS).find(([, k]) => k === key)?.[0] ?? 'FileName';

export const INBOX_THUMB_PX = 150;
export const INBOX_ROW_HEIGHT = INBOX_THUMB_PX + 8;
const FIXED = ['select', 'view', 'thumb'];
const notFixed = (id: string): boolean => !FIXED.includes(id);

export interface InboxGridProps {
  inboxId: number;
  files: InboxFile[];
  /** null until the first page arrives */
  loaded: boolean;
  loading: boolean;
  sort: InboxSort;
  page: number;
  pageSize: number;
  total: number;
  selection: RowSelectionState;
  onSelection: (selection: RowSelectionState) => void;
  onSort: (sort: InboxSort) => void;
  onPage: (page: number) => void;
  onPageSize: (size: number) => void;
  /** opens the file in the viewer; `newTab` for a ctrl- or cmd-click */
  onOpen?: (file: InboxFile, newTab: boolean) => void;
}

function SelectAll({ table }: { table: Table<GridFeatures, InboxFile> }) {
  const { t } = useTranslation();
  const selection = table.atoms.rowSelection.get();
  const rows = table.getRowModel().rows;
  const all = rows.length > 0 && rows.every((row) => selection[row.id]);
  const some = !all && rows.some((row) => selection[row.id]);
  return (
    <input
      type="checkbox"
      aria-label={t('inbox.grid.selectAll')}
      checked={all}
      ref={(el) => {
        if (el) el.indeterminate = some;
      }}
      onChange={table.getToggleAllPageRowsSelectedHandler()}
    />
  );
}

function SelectRow({ row }: { row: GridRow<InboxFile> }) {
  const { t } = useTranslation();
  return (
    <input
      type="checkbox"
      aria-label={t('inbox.grid.selectRow', { name: row.id })}
      checked={row.getIsSelected()}
      onClick={(event) => event.stopPropagation()}
      onChange={row.getToggleSelectedHandler()}
    />
  );
}

function Thumbnail({ inboxId, file }: { inboxId: number; file: InboxFile }) {
  const { t } = useTranslation();
  const http = useAtomValue(httpAtom);
  const token = useAtomValue(sessionAtom)?.token ?? '';
  const name = fullName(file);
  return (
    <img
      className="inbox-thumb"
      src={inboxThumbUrl(http, inboxId, name, token)}
      width={INBOX_THUMB_PX}
      height={INBOX_THUMB_PX}
      loading="lazy"
      alt={t('inbox.grid.thumbnail', { name })}
      data-testid="inbox-thumb"
    />
  );
}

function DateCell({ value }: { value: string }) {
  const text = useDateFormat().dateTime(value);
  return <span className="data-grid__text">{text}</span>;
}

const fixed = { enableSorting: false, enableHiding: false, enablePinning: false } as const;

function ViewButton({ file, onOpen }: { file: InboxFile; onOpen: InboxGridProps['onOpen'] }) {
  const { t } = useTranslation();
  const name = fullName(file);
  return (
    <button
      type="button"
      className="button button--small data-grid__view"
      aria-label={t('inboxOps.grid.open', { name })}
      title={t('viewer.openHint')}
      onClick={(event) => {
        event.stopPropagation();
        onOpen?.(file, event.ctrlKey || event.metaKey);
      }}
      data-testid="inbox-view"
    >
      {t('viewer.view')}
    </button>
  );
}

function buildColumns(
  inboxId: number,
  labels: Record<string, string>,
  onOpen: InboxGridProps['onOpen'],
): InboxColumn[] {
  const text = (id: 'FileName' | 'FileType') =>
    helper.accessor(id, {
      id,
      header: labels[id],
      ...defaultGridColumn,
      size: id === 'FileName' ? 280 : 120,
      cell: ({ getValue }) => <span className="data-grid__text">{String(getValue())}</span>,
    }) as InboxColumn;
  const date = (id: 'DateCreated' | 'DateModified') =>
    helper.accessor(id, {
      id,
      header: labels[id],
      ...defaultGridColumn,
      size: 180,
      cell: ({ getValue }) => <DateCell value={String(getValue())} />,
    }) as InboxColumn;
  return [
    helper.display({
      id: 'select',
      size: 40,
      minSize: 40,
      ...fixed,
      header: ({ table }) => <SelectAll table={table} />,
      cell: ({ row }) => <SelectRow row={row} />,
    }) as InboxColumn,
    ...(onOpen
      ? [
          helper.display({
            id: 'view',
            size: 64,
            minSize: 64,
            maxSize: 64,
            ...fixed,
            header: '',
            cell: ({ row }) => <ViewButton file={row.original} onOpen={onOpen} />,
          }) as InboxColumn,
        ]
      : []),
    helper.display({
      id: 'thumb',
      size: INBOX_THUMB_PX + 12,
      minSize: INBOX_THUMB_PX + 12,
      maxSize: INBOX_THUMB_PX + 12,
      ...fixed,
      header: labels.thumb,
      cell: ({ row }) => <Thumbnail inboxId={inboxId} file={row.original} />,
    }) as InboxColumn,
    text('FileName'),
    text('FileType'),
    date('DateCreated'),
    date('DateModified'),
  ];
}

export function InboxGrid(props: InboxGridProps) {
  const { t } = useTranslation();
  const { inboxId, onSort, onOpen } = props;
  const labels = useMemo(
    () => ({
      thumb: t('inbox.grid.thumbColumn'),
      FileName: t('inbox.grid.fileName'),
      FileType: t('inbox.grid.fileType'),
      DateCreated: t('inbox.grid.dateCreated'),
      DateModified: t('inbox.grid.dateModified'),
    }),
    [t],
  );
  const columns = useMemo(() => buildColumns(inboxId, labels, onOpen), [inboxId, labels, onOpen]);
  const gridKey = `gridState.inbox.${inboxId}`;
  const [saved] = useState(() => readGridState(gridKey));
  const [pinning, setPinning] = useState<ColumnPinningState>(saved.pinning);
  const [visibility, setVisibility] = useState<ColumnVisibilityState>(saved.visibility);
  const [sizing, setSizing] = useState<ColumnSizingState>({});
  const sorting: SortingState = useMemo(
    () => [{ id: columnOf(props.sort.key), desc: props.sort.descending }],
    [props.sort],
  );
  const columnPinning = useMemo(
    () => ({ start: [...FIXED, ...pinning.start.filter(notFixed)], end: pinning.end.filter(notFixed) }),
    [pinning],
  );

  const table = useTable({
    features: gridFeatures,
    columns,
    data: props.files,
    getRowId: (file) => fullName(file),
    defaultColumn: defaultGridColumn,
    manualSorting: true,
    manualPagination: true,
    enableMultiSort: false,
    rowCount: props.total,
    state: {
      sorting,
      pagination: { pageIndex: props.page - 1, pageSize: props.pageSize },
      columnPinning,
      columnVisibility: visibility,
      rowSelection: props.selection,
      columnSizing: sizing,
    },
    onSortingChange: (updater: Updater<SortingState>) => {
      // "remove all sorts" goes back to the server's default, by name
      const next = functionalUpdate(updater, sorting)[0];
      const key = next ? SORT_KEYS[next.id] : undefined;
      onSort(key && next ? { key, descending: next.desc } : { key: 'name', descending: false });
    },
    onColumnPinningChange: (updater: Updater<ColumnPinningState>) => {
      const next = functionalUpdate(updater, columnPinning);
      const kept = { start: next.start.filter(notFixed), end: next.end.filter(notFixed) };
      setPinning(kept);
      writeGridState(gridKey, { pinning: kept });
    },
    onColumnVisibilityChange: (updater: Updater<ColumnVisibilityState>) => {
      const next = functionalUpdate(updater, visibility);
      setVisibility(next);
      writeGridState(gridKey, { visibility: next });
    },
    onRowSelectionChange: (updater: Updater<RowSelectionState>) =>
      props.onSelection(functionalUpdate(updater, props.selection)),
    onColumnSizingChange: setSizing,
  });
  const pageCount = Math.max(1, Math.ceil(props.total / props.pageSize));
  // the General settings' "do not open a document on double click" (disableOpenDoc)
  const openOnDoubleClick = !useAtomValue(disableOpenDocAtom);

  return (
    <>
      <DataGrid
        table={table}
        label={t('inbox.grid.label')}
        rowHeight={INBOX_ROW_HEIGHT}
        busy={props.loading}
        testId="inbox-grid"
        empty={props.loaded ? <p className="muted">{t('inbox.grid.empty')}</p> : undefined}
        rowProps={(row) => ({ testId: `inbox-row-${row.id}` })}
        onRowClick={(row) => row.toggleSelected()}
        onRowDoubleClick={
          onOpen && openOnDoubleClick
            ? (row, event) => onOpen(row.original, event.ctrlKey || event.metaKey)
            : undefined
        }
      />
      {props.loaded && (
        <Pagination
          label={t('inbox.grid.pages')}
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

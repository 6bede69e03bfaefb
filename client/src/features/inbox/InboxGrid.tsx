// An inbox's files on the app's one grid (DataGrid): its check boxes, then a view button, a 150x150
// thumbnail, File Name, File Type, Date Created and Date Modified (spec §2), sorted and
// paged by the server (one sort at a time: name, type, created, date), with the grid's page sizes.
// The view button or a double-click opens the file in the viewer (ctrl-click: a new tab).
import { useMemo } from 'react';
import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { createColumnHelper, type ColumnDef, type SortingState } from '@tanstack/react-table';
import type { InboxFile } from '@gs/contract/inboxes';
import { fullName, inboxThumbUrl, type InboxSort, type InboxSortKey } from '../../api/inboxes';
import { DataGrid } from '../../components/DataGrid';
import { HiddenHeader } from '../../components/HiddenHeader';
import { defaultGridColumn, type GridFeatures } from '../../components/dataGridFeatures';
import { httpAtom } from '../../state/environment';
import { sessionAtom } from '../../state/session';
import { disableOpenDocAtom } from '../../state/displayPreferences';
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
  /** the checked files' names in check order (the page holds them) */
  checked: readonly string[];
  onChecked: (names: string[]) => void;
  onSort: (sort: InboxSort) => void;
  onPage: (page: number) => void;
  onPageSize: (size: number) => void;
  /** opens the file in the viewer; `newTab` for a ctrl- or cmd-click */
  onOpen?: (file: InboxFile, newTab: boolean) => void;
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
    ...(onOpen
      ? [
          helper.display({
            id: 'view',
            size: 64,
            minSize: 64,
            maxSize: 64,
            ...fixed,
            header: () => <HiddenHeader textKey="grid.columns.view" />,
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

const rowId = (file: InboxFile): string => fullName(file);
/** Kept pinned after the check boxes whatever the user pins. */
const FIXED_START = ['view', 'thumb'];

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
  const selectLabels = useMemo(
    () => ({
      all: t('inbox.grid.selectAll'),
      row: (file: InboxFile) => t('inbox.grid.selectRow', { name: fullName(file) }),
    }),
    [t],
  );
  const columns = useMemo(() => buildColumns(inboxId, labels, onOpen), [inboxId, labels, onOpen]);
  const sorting: SortingState = useMemo(
    () => [{ id: columnOf(props.sort.key), desc: props.sort.descending }],
    [props.sort],
  );
  // the General settings' "do not open a document on double click" (disableOpenDoc)
  const openOnDoubleClick = !useAtomValue(disableOpenDocAtom);

  return (
    <DataGrid
      columns={columns}
      rows={props.files}
      rowId={rowId}
      stateKey={`gridState.inbox.${inboxId}`}
      fixedStart={FIXED_START}
      sorting={sorting}
      onSorting={(next) => {
        // "remove all sorts" goes back to the server's default, by name
        const first = next[0];
        const key = first ? SORT_KEYS[first.id] : undefined;
        onSort(key && first ? { key, descending: first.desc } : { key: 'name', descending: false });
      }}
      page={props.page}
      pageSize={props.pageSize}
      total={props.total}
      onPage={props.onPage}
      onPageSize={props.onPageSize}
      selection={{ ids: props.checked, onChange: props.onChecked, labels: selectLabels }}
      loaded={props.loaded}
      label={t('inbox.grid.label')}
      pagesLabel={t('inbox.grid.pages')}
      rowHeight={INBOX_ROW_HEIGHT}
      busy={props.loading}
      testId="inbox-grid"
      empty={<p className="muted">{t('inbox.grid.empty')}</p>}
      rowProps={(row) => ({ testId: `inbox-row-${row.id}` })}
      onRowClick={(row) => row.toggleSelected()}
      onRowDoubleClick={
        onOpen && openOnDoubleClick
          ? (row, event) => onOpen(row.original, event.ctrlKey || event.metaKey)
          : undefined
      }
    />
  );
}

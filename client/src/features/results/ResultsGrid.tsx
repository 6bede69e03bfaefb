// The grid of one results page with its paging: editing state marks the rows (dirty, invalid), a
// click makes a row the document whose history shows, a double click opens it in the viewer unless
// the General setting disableOpenDoc is on (the View button still opens it).
import { useEffect, useMemo, useState } from 'react';
import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import type { SearchPageResult, SortSpec } from '@gs/contract/searches';
import { DataGrid } from '../../components/DataGrid';
import { Pagination } from '../../components/Pagination';
import { GRID_PAGE_SIZES } from '../../lib/pageSize';
import { markGridPainted } from '../../lib/perfMarks';
import { disableOpenDocAtom } from '../../state/displayPreferences';
import { useOpenResultDocument } from '../viewer/useOpenResultDocument';
import { draftsAtom, rowIsInvalid } from './editing/editAtoms';
import { ResultsContext, type ResultsContextValue } from './resultsContext';
import type { ResultRow } from './resultsRows';
import { useResultsGrid } from './useResultsGrid';

export interface ResultsGridProps {
  /** null until the first page arrives */
  result: SearchPageResult | null;
  context: ResultsContextValue;
  sort: SortSpec[];
  page: number;
  pageSize: number;
  total: number;
  gridKey: string;
  loading: boolean;
  activeDoc: number | null;
  onSort: (sort: SortSpec[]) => void;
  onPage: (page: number) => void;
  onPageSize: (size: number) => void;
  onActivate: (row: ResultRow) => void;
  rows: ResultRow[];
}

export function ResultsGrid(props: ResultsGridProps) {
  const { t } = useTranslation();
  const drafts = useAtomValue(draftsAtom);
  const { result } = props;
  const rows = useFirstRowsFirst(props.rows);
  const openOnDoubleClick = !useAtomValue(disableOpenDocAtom);
  const openDocument = useOpenResultDocument(props.context);
  const table = useResultsGrid({
    db: props.context.db,
    archive: props.context.archive,
    rows,
    fields: props.context.fields,
    sort: props.sort,
    page: props.page,
    pageSize: props.pageSize,
    total: props.total,
    gridKey: props.gridKey,
    onSort: props.onSort,
  });
  const pageCount = Math.max(1, Math.ceil(props.total / props.pageSize));

  return (
    <ResultsContext.Provider value={props.context}>
      <DataGrid
        table={table}
        label={t('results.gridLabel')}
        busy={props.loading}
        testId="results-grid"
        paintKey={result}
        onPainted={markGridPainted}
        empty={result ? <p className="muted">{t('results.empty')}</p> : undefined}
        onRowClick={(row) => props.onActivate(row.original)}
        onRowDoubleClick={
          openOnDoubleClick
            ? (row, event) => {
                // a double click while editing a cell selects its text, it does not open
                if (isControl(event.target)) return;
                openDocument(row.original.doc, event.ctrlKey || event.metaKey);
              }
            : undefined
        }
        rowProps={(row) => {
          const draft = drafts[row.id];
          const classes = [
            draft ? 'is-dirty' : '',
            draft && rowIsInvalid(draft) ? 'is-invalid' : '',
            props.activeDoc === row.original.doc.Id ? 'is-active' : '',
          ];
          return { className: classes.join(' '), testId: `row-${row.original.doc.Id}` };
        }}
      />
      {result && (
        <Pagination
          label={t('results.pages')}
          page={props.page}
          pageCount={pageCount}
          onPage={props.onPage}
          pageSize={props.pageSize}
          pageSizes={GRID_PAGE_SIZES}
          onPageSize={props.onPageSize}
          total={props.total}
        />
      )}
    </ResultsContext.Provider>
  );
}

/** Rows handed to the table before the rest of a large page: more than a screen of them. */
export const FIRST_ROWS = 100;

/**
 * A large page is drawn in two steps: its first rows at once, every row a frame later. The table
 * builds a row (and the virtualizer a measurement) for each of up to 10,000 rows, which on a freshly
 * loaded page, before the code is optimised, takes longer than drawing the rows in sight.
 */
export function useFirstRowsFirst<T>(rows: T[]): T[] {
  const [whole, setWhole] = useState<T[] | null>(null);
  const first = useMemo(() => (rows.length > FIRST_ROWS ? rows.slice(0, FIRST_ROWS) : rows), [rows]);
  useEffect(() => {
    if (first === rows) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => setWhole(rows), 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [rows, first]);
  return whole === rows ? rows : first;
}

const isControl = (target: EventTarget): boolean =>
  target instanceof Element &&
  target.closest('input, textarea, select, button, [contenteditable="true"]') !== null;

// The grid of one results page with its paging: editing state marks the rows (dirty, invalid), a
// click makes a row the document whose history shows, a double click opens it in the viewer unless
// the General setting disableOpenDoc is on (the View button still opens it).
import { useEffect, useMemo, useState } from 'react';
import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import type { SearchPageResult, SortSpec } from '@gs/contract/searches';
import { DataGrid } from '../../components/DataGrid';
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

const rowId = (row: ResultRow): string => row.id;
/** Kept pinned after the check boxes whatever the user pins. */
const FIXED_START = ['thumb', 'view'];

export function ResultsGrid(props: ResultsGridProps) {
  const { t } = useTranslation();
  const drafts = useAtomValue(draftsAtom);
  const { result, context } = props;
  const rows = useFirstRowsFirst(props.rows);
  const openOnDoubleClick = !useAtomValue(disableOpenDocAtom);
  const openDocument = useOpenResultDocument(context);
  const grid = useResultsGrid({ context, rows, sort: props.sort, onSort: props.onSort });

  return (
    <ResultsContext.Provider value={context}>
      <DataGrid
        {...grid}
        rows={rows}
        rowId={rowId}
        stateKey={props.gridKey}
        fixedStart={FIXED_START}
        multiSort
        page={props.page}
        pageSize={props.pageSize}
        total={props.total}
        onPage={props.onPage}
        onPageSize={props.onPageSize}
        loaded={result !== null}
        label={t('results.gridLabel')}
        pagesLabel={t('results.pages')}
        busy={props.loading}
        testId="results-grid"
        paintKey={result}
        onPainted={markGridPainted}
        empty={<p className="muted">{t('results.empty')}</p>}
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

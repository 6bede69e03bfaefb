// The grid of one results page with its paging: editing state marks the rows (dirty, invalid), a
// click makes a row the document whose history shows.
import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import type { SearchPageResult, SortSpec } from '@gs/contract/searches';
import { DataGrid } from '../../components/DataGrid';
import { Pagination } from '../../components/Pagination';
import { GRID_PAGE_SIZES } from '../../lib/pageSize';
import { markGridPainted } from '../../lib/perfMarks';
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
  const table = useResultsGrid({
    db: props.context.db,
    archive: props.context.archive,
    rows: props.rows,
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

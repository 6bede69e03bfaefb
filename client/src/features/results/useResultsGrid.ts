// What the results and task grids give the one DataGrid: the result's columns, the sort from the
// address as the table's (several at once), and the check boxes. The checked documents are
// checkedDocumentsAtom (selection.ts), in check order: the grid shows them and writes them, and the
// page's operations read them; a new grid (archive, tab) starts with nothing checked and leaves
// nothing checked behind, and a finished operation clears them (requestResultsReloadAtom).
import { useLayoutEffect, useMemo } from 'react';
import { useAtom } from 'jotai';
import { useTranslation } from 'react-i18next';
import type { SortingState } from '@tanstack/react-table';
import type { SortSpec } from '@gs/contract/searches';
import type { GridColumnDef, GridSelection } from '../../components/useDataGrid';
import type { ResultsContextValue } from './resultsContext';
import { buildResultColumns, columnFieldId, fieldColumnId } from './resultsColumns';
import type { ResultRow } from './resultsRows';
import { checkedDocumentsAtom, type CheckedDocument } from './selection';

export interface ResultsGridInput {
  context: ResultsContextValue;
  rows: ResultRow[];
  sort: SortSpec[];
  onSort: (sort: SortSpec[]) => void;
}

export interface ResultsGridSetup {
  columns: GridColumnDef<ResultRow>[];
  sorting: SortingState;
  onSorting: (sorting: SortingState) => void;
  selection: GridSelection<ResultRow>;
}

export const toSorting = (sort: SortSpec[]): SortingState =>
  sort.map((s) => ({ id: fieldColumnId(s.fieldId), desc: s.descending }));

export const toSortSpecs = (sorting: SortingState): SortSpec[] =>
  sorting.flatMap((s) => {
    const fieldId = columnFieldId(s.id);
    return fieldId === null ? [] : [{ fieldId, descending: s.desc }];
  });

export function useResultsGrid({ context, rows, sort, onSort }: ResultsGridInput): ResultsGridSetup {
  const { t } = useTranslation();
  const { db, archive, fields, labels: rowLabels } = context;
  const columns = useMemo(() => buildResultColumns(fields), [fields]);
  const sorting = useMemo(() => toSorting(sort), [sort]);
  const [checked, setChecked] = useAtom(checkedDocumentsAtom);
  // before the first paint, so no check of the grid before shows
  useLayoutEffect(() => {
    setChecked([]);
    return () => setChecked([]);
  }, [setChecked]);
  const ids = useMemo(
    () => checked.filter((c) => c.db === db && c.archive === archive).map((c) => String(c.doc.Id)),
    [checked, db, archive],
  );
  const labels = useMemo(
    () => ({ all: t('results.selectAll'), row: (row: ResultRow) => rowLabels.selectRow(row.doc.Id) }),
    [t, rowLabels],
  );

  return {
    columns,
    sorting,
    onSorting: (next) => onSort(toSortSpecs(next)),
    selection: {
      ids,
      labels,
      onChange: (next) => {
        const onPage = new Map(rows.map((row) => [row.id, row]));
        setChecked((previous) => {
          const known = new Map(previous.map((c) => [String(c.doc.Id), c]));
          return next.flatMap((id): CheckedDocument[] => {
            const kept = known.get(id);
            if (kept) return [kept];
            const row = onPage.get(id);
            return row ? [{ db, archive, doc: row.doc }] : [];
          });
        });
      },
    },
  };
}

// The results grid's "view" column: a button per row that opens the document in the viewer
// (useOpenResultDocument: the openNewTab setting, ctrl-click for a new tab).
import { useTranslation } from 'react-i18next';
import { createColumnHelper } from '@tanstack/react-table';
import type { GridFeatures } from '../../components/dataGridFeatures';
import { HiddenHeader } from '../../components/HiddenHeader';
import { useResultsContext } from '../results/resultsContext';
import type { ResultRow } from '../results/resultsRows';
import { useOpenResultDocument } from './useOpenResultDocument';

const helper = createColumnHelper<GridFeatures, ResultRow>();

function ViewButton({ row }: { row: ResultRow }) {
  const { t } = useTranslation();
  const open = useOpenResultDocument(useResultsContext());
  const doc = row.doc;
  return (
    <button
      type="button"
      className="button button--small data-grid__view"
      aria-label={t('viewer.open', { id: doc.Id })}
      title={t('viewer.openHint')}
      onClick={(event) => {
        event.stopPropagation();
        open(doc, event.ctrlKey || event.metaKey);
      }}
    >
      {t('viewer.view')}
    </button>
  );
}

export const VIEW_COLUMN_ID = 'view';

/** Room for the longest translation of "View" ("Visualizza", "Anzeigen") in the button's small type. */
const VIEW_COLUMN_WIDTH = 96;

export const viewColumn = helper.display({
  id: VIEW_COLUMN_ID,
  size: VIEW_COLUMN_WIDTH,
  minSize: VIEW_COLUMN_WIDTH,
  maxSize: VIEW_COLUMN_WIDTH,
  enableSorting: false,
  enableHiding: false,
  enablePinning: false,
  header: () => <HiddenHeader textKey="grid.columns.view" />,
  cell: ({ row }) => <ViewButton row={row.original} />,
});

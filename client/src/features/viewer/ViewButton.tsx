// The results grid's "view" column: a button per row that opens the document in the viewer (a
// viewer session first; a new tab or this window per the openNewTab setting, ctrl-click for a new
// tab). A failed session is ERROR_CREATE_SESSION_MSG in the notifications menu. When a viewer tab
// closes, the grid reloads through resultsRefreshAtom.
import { useAtomValue, useSetAtom } from 'jotai';
import { useLocation, useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { createColumnHelper } from '@tanstack/react-table';
import type { GridFeatures } from '../../components/dataGridFeatures';
import { parseResultsParams } from '../../app/resultsPaths';
import { httpAtom } from '../../state/environment';
import { addNoteAtom, NoteType } from '../../state/notes';
import { searchSettingAtom } from '../../state/preferences';
import { sessionAtom } from '../../state/session';
import { useResultsContext } from '../results/resultsContext';
import type { ResultRow } from '../results/resultsRows';
import { appHref, openViewer, resultsRefreshAtom } from './viewerWindows';

const helper = createColumnHelper<GridFeatures, ResultRow>();

function ViewButton({ row }: { row: ResultRow }) {
  const { t } = useTranslation();
  const ctx = useResultsContext();
  const http = useAtomValue(httpAtom);
  const session = useAtomValue(sessionAtom);
  const { openNewTab } = useAtomValue(searchSettingAtom);
  const addNote = useSetAtom(addNoteAtom);
  const refresh = useSetAtom(resultsRefreshAtom);
  const navigate = useNavigate();
  const { searchHash } = useParams();
  const location = useLocation();
  const results = parseResultsParams(searchHash, new URLSearchParams(location.search));
  const doc = row.doc;
  return (
    <button
      type="button"
      className="button button--small data-grid__view"
      aria-label={t('viewer.open', { id: doc.Id })}
      title={t('viewer.openHint')}
      onClick={(event) => {
        event.stopPropagation();
        openViewer(
          {
            http,
            openTab: () => window.open('', '_blank'),
            navigate: (path) => void navigate(path),
            href: appHref,
            onClosed: () => refresh((n) => n + 1),
          },
          {
            doc: { db: ctx.db, archive: ctx.archive, id: doc.Id, hash: doc.Hash },
            searchId: results?.searchId,
            criteria:
              results && Object.keys(results.criteria).length ? JSON.stringify(results.criteria) : undefined,
            newTab: openNewTab || event.ctrlKey || event.metaKey,
            token: session?.token ?? '',
          },
        ).catch(() => addNote({ type: NoteType.Error, text: t('ERROR_CREATE_SESSION_MSG') }));
      }}
    >
      {t('viewer.view')}
    </button>
  );
}

export const VIEW_COLUMN_ID = 'view';

export const viewColumn = helper.display({
  id: VIEW_COLUMN_ID,
  size: 64,
  minSize: 64,
  maxSize: 64,
  enableSorting: false,
  enableHiding: false,
  enablePinning: false,
  header: '',
  cell: ({ row }) => <ViewButton row={row.original} />,
});

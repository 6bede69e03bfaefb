// Opens a document of the results grid in the viewer (a viewer session first; a new tab or this
// window per the openNewTab setting, or a new tab on request). A failed session is
// ERROR_CREATE_SESSION_MSG in the notifications menu. When a viewer tab closes, the grid reloads
// through resultsRefreshAtom. Used by the View button and the row double-click.
import { useAtomValue, useSetAtom } from 'jotai';
import { useLocation, useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { ResultDoc } from '@gs/contract/searches';
import { parseResultsParams } from '../../app/resultsPaths';
import { httpAtom } from '../../state/environment';
import { addNoteAtom, NoteType } from '../../state/notes';
import { searchSettingAtom } from '../../state/preferences';
import { sessionAtom } from '../../state/session';
import { appHref, openViewer, resultsRefreshAtom } from './viewerWindows';
import { viewerFromState } from './BackToResults';

/** The database and archive of the results. */
export interface ResultsPlace {
  db: number;
  archive: number;
}

/** `(doc, newTab)`: newTab forces a new tab (ctrl-click); otherwise the openNewTab setting decides. */
export function useOpenResultDocument(
  ctx: ResultsPlace,
): (doc: Pick<ResultDoc, 'Id' | 'Hash'>, newTab: boolean) => void {
  const { t } = useTranslation();
  const http = useAtomValue(httpAtom);
  const session = useAtomValue(sessionAtom);
  const { openNewTab } = useAtomValue(searchSettingAtom);
  const addNote = useSetAtom(addNoteAtom);
  const refresh = useSetAtom(resultsRefreshAtom);
  const navigate = useNavigate();
  const { searchHash } = useParams();
  const location = useLocation();
  const results = parseResultsParams(searchHash, new URLSearchParams(location.search));
  return (doc, newTab) => {
    openViewer(
      {
        http,
        openTab: () => window.open('', '_blank'),
        // the viewer's Back to results returns here
        navigate: (path) =>
          void navigate(path, { state: viewerFromState(location.pathname + location.search) }),
        href: appHref,
        onClosed: () => refresh((n) => n + 1),
      },
      {
        doc: { db: ctx.db, archive: ctx.archive, id: doc.Id, hash: doc.Hash },
        searchId: results?.searchId,
        criteria:
          results && Object.keys(results.criteria).length ? JSON.stringify(results.criteria) : undefined,
        newTab: openNewTab || newTab,
        token: session?.token ?? '',
      },
    ).catch(() => addNote({ type: NoteType.Error, text: t('ERROR_CREATE_SESSION_MSG') }));
  };
}

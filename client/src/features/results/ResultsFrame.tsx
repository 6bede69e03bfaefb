// The frame the results pages share (search results, a queue's tasks, an inbox): the address error,
// the remembered sidebar with the archive tree (under showArchiveList) and the lists below it, the
// page's layout class, and the columns of a page with history: the open state of the sidebar and
// history panel, with the active document.
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { useAtom, useAtomValue } from 'jotai';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { DocumentRef } from '../../api/documents';
import { viewPath } from '../../app/paths';
import { Alert } from '../../components/Alert';
import { showArchiveListAtom } from '../../state/displayPreferences';
import { sidebarOpenAtom } from '../../state/preferences';
import { LazyArchiveTree } from './SidebarPanels';

// the history panel loads when opened (decision 074)
const HistoryPanel = lazy(() => import('./history/HistoryPanel').then((m) => ({ default: m.HistoryPanel })));

/** The page for an address whose parameters do not make sense. */
export function ResultsBadAddress() {
  const { t } = useTranslation();
  return (
    <div className="view-main">
      <Alert tone="error" testId="results-bad-address">
        {t('ERROR_INCORRECT_PARAMETERS')}
      </Alert>
    </div>
  );
}

/** The left column: the archive tree (choosing an archive opens its view and runs it), then `children`. */
export function ResultsSidebar({
  titleId,
  db,
  archive,
  children,
}: {
  titleId: string;
  db: number;
  /** the archive selected in the tree, if any */
  archive: number | null;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const showArchiveList = useAtomValue(showArchiveListAtom);
  return (
    <nav className="sidebar" aria-labelledby={titleId}>
      <h2 id={titleId} className="sidebar__title">
        {t('view.archives.title')}
      </h2>
      {showArchiveList && (
        <LazyArchiveTree
          db={db}
          selected={archive}
          onSelect={(a) => navigate(viewPath(db, a.Id), { state: { autoRun: true } })}
        />
      )}
      {children}
    </nav>
  );
}

/** The class of the page's grid of columns, by which side panels are open. */
export const resultsPageClass = (sidebarOpen: boolean, historyOpen = false): string =>
  ['results-page', sidebarOpen ? '' : 'results-page--no-sidebar', historyOpen ? 'results-page--history' : '']
    .filter(Boolean)
    .join(' ');

/** What the middle of a page with a history panel gets: the active document and the panels' toggles. */
export interface ResultsPanelProps {
  activeDoc: DocumentRef | null;
  onActivate: (doc: DocumentRef) => void;
  sidebarOpen: boolean;
  onToggleSidebar: () => void;
  historyOpen: boolean;
  onToggleHistory: () => void;
}

/**
 * A page with history (search results, a queue's tasks): the sidebar when open, with `sidebar`
 * under the archive tree; the middle, made by `children` with the panels' state; and, when open,
 * the history of the active document when it is in `archive` (`historyVersion` reloads it).
 */
export function ResultsColumns({
  titleId,
  db,
  archive,
  historyVersion,
  sidebar,
  children,
}: {
  titleId: string;
  db: number;
  archive: number;
  historyVersion: number;
  sidebar: ReactNode;
  children: (panels: ResultsPanelProps) => ReactNode;
}) {
  const [sidebarOpen, setSidebarOpen] = useAtom(sidebarOpenAtom);
  const [historyOpen, setHistoryOpen] = useState(false);
  const [activeDoc, setActiveDoc] = useState<DocumentRef | null>(null);
  return (
    <div className={resultsPageClass(sidebarOpen, historyOpen)}>
      {sidebarOpen && (
        <ResultsSidebar titleId={titleId} db={db} archive={archive}>
          {sidebar}
        </ResultsSidebar>
      )}
      {children({
        activeDoc,
        onActivate: setActiveDoc,
        sidebarOpen,
        onToggleSidebar: () => setSidebarOpen(!sidebarOpen),
        historyOpen,
        onToggleHistory: () => setHistoryOpen(!historyOpen),
      })}
      {historyOpen && (
        <Suspense fallback={null}>
          <HistoryPanel
            db={db}
            archive={archive}
            doc={activeDoc?.archive === archive ? activeDoc : null}
            version={historyVersion}
            onClose={() => setHistoryOpen(false)}
          />
        </Suspense>
      )}
    </div>
  );
}

// The frame the results pages share (search results, a queue's tasks, an inbox): the address error,
// the remembered sidebar with the archive tree (under showArchiveList) and the lists below it, the
// page's layout class, and the open state of the sidebar and history panel with the active document.
import { useState, type ReactNode } from 'react';
import { useAtom, useAtomValue } from 'jotai';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { DocumentRef } from '../../api/documents';
import { viewPath } from '../../app/paths';
import { Alert } from '../../components/Alert';
import { showArchiveListAtom } from '../../state/displayPreferences';
import { sidebarOpenAtom } from '../../state/preferences';
import { ArchiveTree } from '../view/ArchiveTree';

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
        <ArchiveTree
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

/** The remembered sidebar, the history panel and the document last activated in the grid. */
export function useResultsPanels() {
  const [sidebarOpen, setSidebarOpen] = useAtom(sidebarOpenAtom);
  const [historyOpen, setHistoryOpen] = useState(false);
  const [activeDoc, setActiveDoc] = useState<DocumentRef | null>(null);
  return {
    sidebarOpen,
    onToggleSidebar: () => setSidebarOpen(!sidebarOpen),
    historyOpen,
    onToggleHistory: () => setHistoryOpen(!historyOpen),
    closeHistory: () => setHistoryOpen(false),
    activeDoc,
    setActiveDoc,
  };
}

// /results/{searchHash}?db&archive&Id&criteria&page&size&sort&tab (spec §2): the archive list on
// the left (its open state remembered; the archive tree only under showArchiveList), the results in
// the middle, history on the right.
import { useState } from 'react';
import { useAtom, useAtomValue } from 'jotai';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { DocumentRef } from '../../api/documents';
import { viewPath } from '../../app/paths';
import { Alert } from '../../components/Alert';
import { showArchiveListAtom } from '../../state/displayPreferences';
import { sidebarOpenAtom } from '../../state/preferences';
import { ArchiveTree } from '../view/ArchiveTree';
import { InboxList } from '../inbox/InboxList';
import { WorkflowSidebar } from '../workflow/WorkflowSidebar';
import { saveCountAtom } from './editing/editAtoms';
import { HistoryPanel } from './history/HistoryPanel';
import { ResultsMain } from './ResultsMain';
import { useResultsParams } from './useResultsParams';

export function ResultsPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { params, go } = useResultsParams();
  const [sidebarOpen, setSidebarOpen] = useAtom(sidebarOpenAtom);
  const showArchiveList = useAtomValue(showArchiveListAtom);
  const [historyOpen, setHistoryOpen] = useState(false);
  const [activeDoc, setActiveDoc] = useState<DocumentRef | null>(null);
  const saves = useAtomValue(saveCountAtom);

  if (!params)
    return (
      <div className="view-main">
        <Alert tone="error" testId="results-bad-address">
          {t('ERROR_INCORRECT_PARAMETERS')}
        </Alert>
      </div>
    );

  const layout = [
    'results-page',
    sidebarOpen ? '' : 'results-page--no-sidebar',
    historyOpen ? 'results-page--history' : '',
  ];
  return (
    <div className={layout.join(' ')}>
      {sidebarOpen && (
        <nav className="sidebar" aria-labelledby="results-archives-title">
          <h2 id="results-archives-title" className="sidebar__title">
            {t('view.archives.title')}
          </h2>
          {showArchiveList && (
            <ArchiveTree
              db={params.db}
              selected={params.archive}
              onSelect={(archive) => navigate(viewPath(params.db, archive.Id), { state: { autoRun: true } })}
            />
          )}
          <InboxList db={params.db} />
          <WorkflowSidebar db={params.db} archive={params.archive} />
        </nav>
      )}
      <ResultsMain
        key={`${params.db}:${params.searchId}`}
        params={params}
        go={go}
        activeDoc={activeDoc}
        onActivate={setActiveDoc}
        sidebarOpen={sidebarOpen}
        onToggleSidebar={() => setSidebarOpen(!sidebarOpen)}
        historyOpen={historyOpen}
        onToggleHistory={() => setHistoryOpen(!historyOpen)}
      />
      {historyOpen && (
        <HistoryPanel
          db={params.db}
          archive={params.archive}
          doc={activeDoc?.archive === params.archive ? activeDoc : null}
          version={saves}
          onClose={() => setHistoryOpen(false)}
        />
      )}
    </div>
  );
}

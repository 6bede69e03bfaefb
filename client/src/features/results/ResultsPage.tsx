// /results/{searchHash}?db&archive&Id&criteria&page&size&sort&tab (spec §2): the archive list on
// the left (its open state remembered; the archive tree only under showArchiveList), the results in
// the middle, history on the right.
import { useAtomValue } from 'jotai';
import { InboxList } from '../inbox/InboxList';
import { WorkflowSidebar } from '../workflow/WorkflowSidebar';
import { saveCountAtom } from './editing/editAtoms';
import { HistoryPanel } from './history/HistoryPanel';
import { ResultsBadAddress, ResultsSidebar, resultsPageClass, useResultsPanels } from './ResultsFrame';
import { ResultsMain } from './ResultsMain';
import { useResultsParams } from './useResultsParams';

export function ResultsPage() {
  const { params, go } = useResultsParams();
  const { activeDoc, setActiveDoc, closeHistory, ...layout } = useResultsPanels();
  const saves = useAtomValue(saveCountAtom);

  if (!params) return <ResultsBadAddress />;

  return (
    <div className={resultsPageClass(layout.sidebarOpen, layout.historyOpen)}>
      {layout.sidebarOpen && (
        <ResultsSidebar titleId="results-archives-title" db={params.db} archive={params.archive}>
          <InboxList db={params.db} />
          <WorkflowSidebar db={params.db} archive={params.archive} />
        </ResultsSidebar>
      )}
      <ResultsMain
        key={`${params.db}:${params.searchId}`}
        params={params}
        go={go}
        activeDoc={activeDoc}
        onActivate={setActiveDoc}
        {...layout}
      />
      {layout.historyOpen && (
        <HistoryPanel
          db={params.db}
          archive={params.archive}
          doc={activeDoc?.archive === params.archive ? activeDoc : null}
          version={saves}
          onClose={closeHistory}
        />
      )}
    </div>
  );
}

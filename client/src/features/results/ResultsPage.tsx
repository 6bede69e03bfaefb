// /results/{searchHash}?db&archive&Id&criteria&page&size&sort&tab (spec §2): the archive list on
// the left (its open state remembered; the archive tree only under showArchiveList), the results in
// the middle, history on the right.
import { useAtomValue } from 'jotai';
import { saveCountAtom } from './editing/editAtoms';
import { ResultsBadAddress, ResultsColumns } from './ResultsFrame';
import { ResultsMain } from './ResultsMain';
import { LazyInboxList, LazyWorkflowSidebar } from './SidebarPanels';
import { useResultsParams } from './useResultsParams';

export function ResultsPage() {
  const { params, go } = useResultsParams();
  const saves = useAtomValue(saveCountAtom);

  if (!params) return <ResultsBadAddress />;

  return (
    <ResultsColumns
      titleId="results-archives-title"
      db={params.db}
      archive={params.archive}
      historyVersion={saves}
      sidebar={
        <>
          <LazyInboxList db={params.db} />
          <LazyWorkflowSidebar db={params.db} archive={params.archive} />
        </>
      }
    >
      {(panels) => (
        <ResultsMain key={`${params.db}:${params.searchId}`} params={params} go={go} {...panels} />
      )}
    </ResultsColumns>
  );
}

// The caller's queues of the database with the user's own visibility (taskSearches) laid over
// them; loaded again (the list staying on screen) whenever tasks moved.
import { useState } from 'react';
import { useAtomValue } from 'jotai';
import type { WorkflowQueue } from '@gs/contract/workflow';
import { listQueues } from '../../api/workflow';
import { useApiQuery, type QueryState } from '../../api/useApiQuery';
import { taskSearchesAtom } from '../../state/displayPreferences';
import { queueChangesAtom } from './workflowAtoms';
import { withVisibility } from './taskSearches';

export function useQueues(db: number): [QueryState<WorkflowQueue[]>, () => void] {
  const changes = useAtomValue(queueChangesAtom);
  const saved = useAtomValue(taskSearchesAtom);
  const [queues, reload] = useApiQuery(`queues:${db}`, (http) => listQueues(http, db));
  const [seen, setSeen] = useState(changes);
  if (seen !== changes) {
    setSeen(changes);
    reload();
  }
  if (queues.status !== 'success') return [queues, reload];
  return [{ status: 'success', data: withVisibility(queues.data, saved) }, reload];
}

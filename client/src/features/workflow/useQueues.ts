// The caller's queues of the database with the user's own visibility (taskSearches) laid over
// them; loaded again (the list staying on screen) whenever tasks moved.
import { useAtomValue } from 'jotai';
import type { WorkflowQueue } from '@gs/contract/workflow';
import { listQueues } from '../../api/workflow';
import { useApiQuery, type QueryState } from '../../api/useApiQuery';
import { taskSearchesAtom } from '../../state/displayPreferences';
import { withVisibility } from './taskSearches';

export function useQueues(db: number): [QueryState<WorkflowQueue[]>, () => void] {
  const saved = useAtomValue(taskSearchesAtom);
  const [queues, reload] = useApiQuery(`queues:${db}`, (http) => listQueues(http, db));
  if (queues.status !== 'success') return [queues, reload];
  return [{ status: 'success', data: withVisibility(queues.data, saved) }, reload];
}

// Runs a queue search (spec §4): asks how many of the queue's tasks wait in each archive, then opens
// the queue's results on the selected archive when it has some, else on the archive with the most.
import { useState } from 'react';
import { useAtomValue } from 'jotai';
import { useNavigate } from 'react-router';
import type { WorkflowQueue } from '@gs/contract/workflow';
import { queueArchiveCounts } from '../../api/workflow';
import { httpAtom } from '../../state/environment';
import { pickQueueArchive } from './queueSearch';
import { taskResultsPath } from './taskPaths';

export type QueueSearchProblem = { kind: 'empty' | 'failed'; queue: string } | null;

export function useQueueSearch(db: number, selectedArchive: number | null) {
  const http = useAtomValue(httpAtom);
  const navigate = useNavigate();
  const [busy, setBusy] = useState<string | null>(null);
  const [problem, setProblem] = useState<QueueSearchProblem>(null);

  const open = async (queue: Pick<WorkflowQueue, 'Key' | 'WorkflowId' | 'Name'>) => {
    setBusy(queue.Key);
    setProblem(null);
    try {
      const counts = await queueArchiveCounts(http, {
        db,
        workflowId: queue.WorkflowId,
        queueKey: queue.Key,
      });
      const archive = pickQueueArchive(counts, selectedArchive);
      if (archive === null) setProblem({ kind: 'empty', queue: queue.Name });
      else navigate(taskResultsPath({ db, workflowId: queue.WorkflowId, queueKey: queue.Key, archive }));
    } catch {
      setProblem({ kind: 'failed', queue: queue.Name });
    } finally {
      setBusy(null);
    }
  };
  return { open, busy, problem };
}

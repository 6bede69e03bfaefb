// Taking a queue action on the checked tasks: the contract's PUT takes many tasks at once and
// answers per task (TaskActionResult); the tasks go in groups so the user sees progress on a long
// selection. A task another user moved first fails on its own (in Failed; when every task of a call
// failed the answer is a 409 whose body still lists them); a group the server refuses otherwise
// fails each of its tasks with the server's words, which `describe` puts in the user's language
// (lib/serverTexts). Nothing is retried.
import type { UserActionDocuments } from '@gs/contract/userActions';
import type { TaskActionResult } from '@gs/contract/workflow';
import { ApiError } from '../../api/http';
import { serverReason } from '../../lib/serverTexts';

export const TASK_ACTION_GROUP = 10;

export interface TaskToMove {
  id: number;
  hash: string;
}

export interface TaskFailure {
  id: number;
  message: string;
}

export interface TaskActionOutcome {
  moved: number;
  failed: TaskFailure[];
}

export type SendGroup = (tasks: UserActionDocuments) => Promise<TaskActionResult>;

/** A failure's words for the user: the server's (null: none) through lib/serverTexts, or a fallback. */
export type DescribeFailure = (serverText: string | null) => string;

/** The per-task failures a refused call's body lists (409 when every task failed), else null. */
function failuresIn(error: unknown, describe: DescribeFailure): TaskFailure[] | null {
  if (!(error instanceof ApiError) || error.status !== 409) return null;
  try {
    const body = JSON.parse(error.body) as Partial<TaskActionResult> | null;
    if (!body || !Array.isArray(body.Failed)) return null;
    return body.Failed.filter((f) => typeof f?.DocumentId === 'number').map((f) => ({
      id: f.DocumentId,
      // eslint-disable-next-line no-restricted-syntax -- carried to describe (lib/serverTexts)
      message: describe(typeof f.Message === 'string' && f.Message ? f.Message : serverReason(error)),
    }));
  } catch {
    return null;
  }
}

export async function runTaskAction(
  tasks: readonly TaskToMove[],
  send: SendGroup,
  onProgress: (done: number, total: number) => void,
  describe: DescribeFailure,
): Promise<TaskActionOutcome> {
  const outcome: TaskActionOutcome = { moved: 0, failed: [] };
  onProgress(0, tasks.length);
  for (let at = 0; at < tasks.length; at += TASK_ACTION_GROUP) {
    const group = tasks.slice(at, at + TASK_ACTION_GROUP);
    try {
      const result = await send(Object.fromEntries(group.map((t) => [String(t.id), t.hash])));
      outcome.moved += result.Moved;
      // eslint-disable-next-line no-restricted-syntax -- carried to describe (lib/serverTexts)
      for (const f of result.Failed) outcome.failed.push({ id: f.DocumentId, message: describe(f.Message) });
    } catch (error) {
      const listed = failuresIn(error, describe);
      const message = describe(serverReason(error));
      const failed = listed?.length ? listed : group.map((t) => ({ id: t.id, message }));
      outcome.failed.push(...failed);
    }
    onProgress(Math.min(at + group.length, tasks.length), tasks.length);
  }
  return outcome;
}

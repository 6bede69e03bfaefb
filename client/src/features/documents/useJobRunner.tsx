// What the documents toolbars (results grid, inbox grid) share when they run an operation on the
// checked documents: a job group (spec §4) with its type 5 note counting success and danger results
// as they arrive and the wait modal showing the progress, closed when every result is in; or one
// call (merge, append, email) under the wait modal. The caller reloads its grid afterwards.
import { useState } from 'react';
import { useSetAtom } from 'jotai';
import { useTranslation } from 'react-i18next';
import type { JobTag } from '../../api/documentOps';
import { addNoteAtom, NoteType, updateNoteAtom } from '../../state/notes';
import type { JobProgress } from './jobGroup';
import { WaitModal } from './WaitModal';

export interface JobGroupRun<T> {
  /** the job note's text, also the wait modal's title */
  text: string;
  items: readonly T[];
  /** a document id, or an inbox file's name, for the 'DocID {id}: {text}' failure log */
  idOf: (item: T) => number | string;
  run: (item: T, tag: JobTag) => Promise<unknown>;
  /** the text of a failure */
  describe: (error: unknown) => string;
}

export function useJobRunner() {
  const { t } = useTranslation();
  const addNote = useSetAtom(addNoteAtom);
  const updateNote = useSetAtom(updateNoteAtom);
  const [waiting, setWaiting] = useState<string | null>(null);
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null);

  /** Runs the group; its counts once every result is in. */
  const runGroup = async <T,>(group: JobGroupRun<T>): Promise<JobProgress> => {
    const job = { total: group.items.length, success: 0, danger: 0, errors: [] };
    const noteId = addNote({ type: NoteType.Job, text: group.text, job });
    setWaiting(group.text);
    try {
      // the group's runner loads with the first group (decision 079)
      const { runJobGroup } = await import('./jobGroup');
      return await runJobGroup({
        items: group.items,
        idOf: group.idOf,
        run: group.run,
        describe: group.describe,
        onProgress: (p) => {
          updateNote(noteId, { job: p });
          setProgress({ done: p.success + p.danger, total: p.total });
        },
      });
    } finally {
      setWaiting(null);
      setProgress(null);
    }
  };

  /** Runs one call under the wait modal titled `title`. */
  const runTask = async <R,>(title: string, task: () => Promise<R>): Promise<R> => {
    setWaiting(title);
    try {
      return await task();
    } finally {
      setWaiting(null);
    }
  };

  const waitModal = waiting ? (
    <WaitModal
      title={waiting}
      detail={
        progress ? t('notifications.job.progress', { done: progress.done, total: progress.total }) : undefined
      }
    />
  ) : null;

  return { busy: waiting !== null, runGroup, runTask, waitModal };
}

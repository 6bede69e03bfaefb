// A helper job from start to end: the client starts it (count, update, import, export), then polls
// its status every BULK_POLL_INTERVAL_MS until it completes, fails or is cancelled. Shared by the
// bulk update, import and export modals; `useHelperBulk` is the helper client for this session.
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useAtomValue } from 'jotai';
import { BULK_POLL_INTERVAL_MS, type BulkJobStarted, type BulkJobStatus } from '@gs/contract/helperBulk';
import { createHelperBulk, waitForJob, type HelperBulk } from '../../api/helperBulk';
import { sessionAtom } from '../../state/session';
import { effectiveHelperSettingsAtom, helperUrlFor } from '../capture/helperSettings';

export function useHelperBulk(): HelperBulk {
  const settings = useAtomValue(effectiveHelperSettingsAtom);
  const token = useAtomValue(sessionAtom)?.token ?? '';
  return useMemo(() => createHelperBulk(helperUrlFor(settings, 'io'), token), [settings, token]);
}

export type JobState =
  | { phase: 'idle' }
  | { phase: 'running'; status: BulkJobStatus | null }
  | { phase: 'done'; status: BulkJobStatus }
  | { phase: 'error'; error: unknown };

/** How a job ended: its last status, or why it could not be started or followed. */
export type JobOutcome = { ok: true; status: BulkJobStatus } | { ok: false; error: unknown };

export function useHelperJob(helper: HelperBulk, pollMs = BULK_POLL_INTERVAL_MS) {
  const [state, setState] = useState<JobState>({ phase: 'idle' });
  const abort = useRef<AbortController | null>(null);
  const jobId = useRef<string | null>(null);

  useEffect(() => () => abort.current?.abort(), []);

  const run = useCallback(
    async (start: () => Promise<BulkJobStarted>): Promise<JobOutcome> => {
      abort.current?.abort();
      const controller = new AbortController();
      abort.current = controller;
      setState({ phase: 'running', status: null });
      try {
        const { JobID } = await start();
        jobId.current = JobID;
        const status = await waitForJob(
          helper,
          JobID,
          (s) => !controller.signal.aborted && setState({ phase: 'running', status: s }),
          pollMs,
          controller.signal,
        );
        if (!controller.signal.aborted) setState({ phase: 'done', status });
        return { ok: true, status };
      } catch (error) {
        if (!controller.signal.aborted) setState({ phase: 'error', error });
        return { ok: false, error };
      }
    },
    [helper, pollMs],
  );

  /** Asks the helper to stop the job (it stops after the batch in flight) and keeps polling. */
  const cancel = useCallback(() => {
    if (jobId.current) void helper.cancel(jobId.current).catch(() => undefined);
  }, [helper]);

  const reset = useCallback(() => {
    abort.current?.abort();
    setState({ phase: 'idle' });
  }, []);

  return { state, run, cancel, reset };
}

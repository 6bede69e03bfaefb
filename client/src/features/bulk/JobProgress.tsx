// A helper job's progress bar (Processed of Total) while it runs, and its summary when it ends:
// how many succeeded and failed, the error log's path and, on request, the log itself (one
// 'DocID {id}: {text}' line per failure, read back through the helper).
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { BulkJobStatus } from '@gs/contract/helperBulk';
import type { HelperBulk } from '../../api/helperBulk';
import { bulkErrorText, translateHelperMessage } from './bulkMessages';
import type { JobState } from './useHelperJob';

/** done/total of a running job (0/0 before its first status). */
export const progressOf = (state: JobState): { done: number; total: number } =>
  state.phase === 'running' || state.phase === 'done'
    ? { done: state.status?.Processed ?? 0, total: state.status?.Total ?? 0 }
    : { done: 0, total: 0 };

export function JobProgressBar({ done, total, label }: { done: number; total: number; label: string }) {
  const { t } = useTranslation();
  return (
    <div className="bulk-progress" data-testid="bulk-progress">
      <p>{label}</p>
      <progress
        max={total || 1}
        value={total ? done : undefined}
        aria-label={label}
        aria-valuetext={t('bulk.progress.of', { done, total })}
      />
      <p className="hint">{total ? t('bulk.progress.of', { done, total }) : t('bulk.progress.starting')}</p>
    </div>
  );
}

export function JobSummary({ status, helper }: { status: BulkJobStatus; helper: HelperBulk }) {
  const { t, i18n } = useTranslation();
  const [log, setLog] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const failed = status.Status === 'Failed';
  return (
    <div className="bulk-summary" data-testid="bulk-summary">
      {failed ? (
        <p role="alert" className="field-error">
          {translateHelperMessage(t, i18n, status.Message)}
        </p>
      ) : (
        <p>
          {status.Status === 'Cancelled' ? t('bulk.summary.cancelled') + ' ' : ''}
          {t('bulk.summary.counts', { succeeded: status.Succeeded, failed: status.Failed })}
        </p>
      )}
      {status.ErrorPath && (
        <p>
          {t('bulk.summary.errorLog')} <code data-testid="bulk-error-path">{status.ErrorPath}</code>{' '}
          <button
            type="button"
            className="button button--small"
            onClick={() =>
              helper
                .file(status.ErrorPath)
                .then(setLog, (e: unknown) => setProblem(bulkErrorText(t, i18n, e)))
            }
          >
            {t('bulk.summary.showLog')}
          </button>
        </p>
      )}
      {log !== null && (
        <pre className="bulk-log" data-testid="bulk-error-log">
          {log}
        </pre>
      )}
      {problem && <p className="field-error">{problem}</p>}
    </div>
  );
}

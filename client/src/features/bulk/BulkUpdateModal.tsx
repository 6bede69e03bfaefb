// The bulk update settings modal and the steps after it (spec §2 modals, §4): settings (basic or
// advanced), "update calculating" while the helper counts the documents, a confirmation with the
// count (and a dry-run preview of old → new values), the run with its progress, then the summary
// with the error log. Closing after a run tells the page to reload its grid.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { BulkJobStatus } from '@gs/contract/helperBulk';
import { getArchiveSearches } from '../../api/archives';
import { useApiQuery } from '../../api/useApiQuery';
import { Modal } from '../../components/Modal';
import { BulkPreviewTable } from './BulkPreviewTable';
import { BulkUpdateSettings } from './BulkUpdateSettings';
import { bulkErrorText, translateHelperMessage } from './bulkMessages';
import { useHelperTrustHint } from '../capture/useHelperTrustHint';
import { buildBulkRequest, type BulkContext, type BulkForm, type BulkOptions } from './bulkRequest';
import { JobProgressBar, JobSummary, progressOf } from './JobProgress';
import { useHelperBulk, useHelperJob, type JobOutcome } from './useHelperJob';

type Step = 'settings' | 'calculating' | 'confirm' | 'preview' | 'running' | 'summary';

export interface BulkUpdateModalProps {
  ctx: BulkContext;
  onClose: (updated: boolean) => void;
  pollMs?: number;
}

export function BulkUpdateModal({ ctx, onClose, pollMs }: BulkUpdateModalProps) {
  const { t, i18n } = useTranslation();
  const trustHint = useHelperTrustHint('io');
  const helper = useHelperBulk();
  const job = useHelperJob(helper, pollMs);
  const [step, setStep] = useState<Step>('settings');
  const [request, setRequest] = useState<{ form: BulkForm; options: BulkOptions } | null>(null);
  const [count, setCount] = useState(0);
  const [preview, setPreview] = useState<BulkJobStatus | null>(null);
  const [final, setFinal] = useState<BulkJobStatus | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [searches] = useApiQuery(`bulk-searches:${ctx.db}:${ctx.archive}`, (http) =>
    getArchiveSearches(http, ctx.db, ctx.archive),
  );

  const wire = (r = request) => (r ? buildBulkRequest(r.form, ctx, r.options) : null);
  /** The completed status, or null after showing why the job failed (back to the settings). */
  const completed = (outcome: JobOutcome): BulkJobStatus | null => {
    if (outcome.ok && outcome.status.Status === 'Completed') return outcome.status;
    setProblem(
      outcome.ok
        ? translateHelperMessage(t, i18n, outcome.status.Message)
        : bulkErrorText(t, i18n, outcome.error, trustHint),
    );
    setStep('settings');
    return null;
  };

  async function calculate(next: { form: BulkForm; options: BulkOptions }) {
    setRequest(next);
    setProblem(null);
    setStep('calculating');
    const body = wire(next);
    if (!body) return;
    const status = completed(await job.run(() => helper.count(body)));
    if (!status) return;
    setCount(status.Count ?? status.Total);
    setStep('confirm');
  }

  async function dryRun() {
    const body = wire();
    if (!body) return;
    setStep('preview');
    setPreview(completed(await job.run(() => helper.update({ ...body, DryRun: true }))));
  }

  async function update() {
    const body = wire();
    if (!body) return;
    setStep('running');
    const outcome = await job.run(() => helper.update(body));
    // a failed or stopped run still wrote some batches: its summary says how far it got
    if (outcome.ok) {
      setFinal(outcome.status);
      setStep('summary');
    } else completed(outcome);
  }

  const close = () => onClose(final !== null);
  const running = progressOf(job.state);
  const title =
    step === 'calculating' || step === 'confirm' ? t('bulk.update.calculatingTitle') : t('bulk.update.title');

  return (
    <Modal title={title} onClose={close} size="large" testId="bulk-update-modal">
      {problem && (
        <p role="alert" className="field-error" data-testid="bulk-problem">
          {problem}
        </p>
      )}
      {step === 'settings' && (
        <BulkUpdateSettings
          ctx={ctx}
          helper={helper}
          searches={searches.status === 'success' ? searches.data : []}
          initial={request}
          onCancel={close}
          onNext={(next) => void calculate(next)}
        />
      )}
      {step === 'calculating' && <JobProgressBar {...running} label={t('bulk.update.calculating')} />}
      {(step === 'confirm' || step === 'preview') && (
        <div data-testid="bulk-confirm">
          <p>{t('bulk.update.confirm', { count })}</p>
          <p className="hint">{t('bulk.update.permanent')}</p>
          {step === 'preview' &&
            (preview ? (
              <BulkPreviewTable rows={preview.Preview ?? []} />
            ) : (
              <JobProgressBar {...running} label={t('bulk.update.previewing')} />
            ))}
          <div className="modal__footer modal__footer--inline">
            <button type="button" className="button" onClick={() => setStep('settings')}>
              {t('bulk.update.back')}
            </button>
            <button
              type="button"
              className="button"
              disabled={step === 'preview' && !preview}
              onClick={() => void dryRun()}
            >
              {t('bulk.update.preview')}
            </button>
            <button
              type="button"
              className="button button--primary"
              disabled={count === 0}
              onClick={() => void update()}
            >
              {t('bulk.update.run', { count })}
            </button>
          </div>
        </div>
      )}
      {step === 'running' && (
        <>
          <JobProgressBar {...running} label={t('bulk.update.running')} />
          <button type="button" className="button button--small" onClick={job.cancel}>
            {t('bulk.update.stop')}
          </button>
        </>
      )}
      {step === 'summary' && final && (
        <>
          <JobSummary status={final} helper={helper} />
          <div className="modal__footer modal__footer--inline">
            <button type="button" className="button button--primary" onClick={close}>
              {t('common.close')}
            </button>
          </div>
        </>
      )}
    </Modal>
  );
}

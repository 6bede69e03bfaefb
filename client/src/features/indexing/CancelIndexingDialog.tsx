// The confirmation Cancel asks for when the indexing view holds unsaved scanned or uploaded pages
// (decision 050): it says how many pages and where they will be kept (an inbox, or the batch they
// came from), or that no inbox takes them; the user keeps them there or stays in the view.
import { useTranslation } from 'react-i18next';
import { Alert } from '../../components/Alert';
import { Modal } from '../../components/Modal';
import { Spinner } from '../../components/Spinner';
import type { KeepPlace } from './keepUnsaved';

export interface CancelIndexingDialogProps {
  /** null while the pages are counted and the inbox looked up */
  plan: { place: KeepPlace; pages: number } | null;
  busy: boolean;
  error: string | null;
  onKeep: () => void;
  onStay: () => void;
}

export function CancelIndexingDialog({ plan, busy, error, onKeep, onStay }: CancelIndexingDialogProps) {
  const { t } = useTranslation();
  const place = plan?.place;
  const keepLabel =
    place?.kind === 'batch' ? t('indexing.cancel.keepInBatch') : t('indexing.cancel.keepInInbox');
  return (
    <Modal
      title={t('indexing.cancel.title')}
      onClose={onStay}
      size="small"
      testId="cancel-indexing-dialog"
      footer={
        <>
          <button type="button" className="button" onClick={onStay} data-autofocus>
            {t('indexing.cancel.stay')}
          </button>
          {place && place.kind !== 'none' && (
            <button type="button" className="button button--primary" disabled={busy} onClick={onKeep}>
              {busy ? t('indexing.cancel.keeping') : keepLabel}
            </button>
          )}
        </>
      }
    >
      {!plan ? (
        <Spinner label={t('indexing.cancel.counting')} />
      ) : (
        <div className="stack">
          <p>
            <strong>{t('indexing.cancel.question', { count: plan.pages })}</strong>
          </p>
          <p data-testid="cancel-indexing-where">
            {plan.place.kind === 'inbox' && t('indexing.cancel.toInbox', { inbox: plan.place.inbox.Name })}
            {plan.place.kind === 'batch' && t('indexing.cancel.toBatch', { batch: plan.place.batchId })}
            {plan.place.kind === 'none' && t('indexing.cancel.noInbox')}
          </p>
          {error && (
            <Alert tone="error" testId="cancel-indexing-error">
              {error}
            </Alert>
          )}
        </div>
      )}
    </Modal>
  );
}

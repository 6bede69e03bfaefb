// The batches of one page of /batches: name, status in its colour, documents (indexed of all),
// pages, creator, dates and an Errored batch's reason; per batch the actions its status allows
// (re-queue, reject, delete), each after a confirmation, and its documents (BatchDocuments).
import { useState } from 'react';
import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { translateServerError, translateServerMessage } from '../../lib/serverTexts';
import { BatchAction, BatchStatus, type Batch } from '@gs/contract/capture';
import { batchAction, deleteBatch } from '../../api/capture';
import { Alert } from '../../components/Alert';
import { Modal } from '../../components/Modal';
import { captureHttpAtom } from '../../state/environment';
import { BatchDocuments } from './BatchDocuments';
import { STATUS_COLOURS, STATUS_KEYS } from './batchStatus';
import { useDateFormat } from '../../app/useDateFormat';

type Act = 'requeue' | 'reject' | 'delete';
const CAN: Record<Act, readonly number[]> = {
  requeue: [BatchStatus.Errored, BatchStatus.Rejected],
  reject: [BatchStatus.Processed, BatchStatus.Validating, BatchStatus.Errored],
  delete: [1, 3, 4, 5, 6, 7],
};
const OPENABLE: readonly number[] = [
  BatchStatus.Processed,
  BatchStatus.Validating,
  BatchStatus.Errored,
  BatchStatus.Rejected,
];

interface Props {
  portalId: number;
  batches: Batch[];
  onChanged: () => void;
}

export function BatchTable({ portalId, batches, onChanged }: Props) {
  const { t } = useTranslation();
  const http = useAtomValue(captureHttpAtom);
  const dates = useDateFormat();
  const [confirm, setConfirm] = useState<{ act: Act; batch: Batch } | null>(null);
  const [open, setOpen] = useState<number | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const date = (iso: string) => dates.dateTime(iso);

  const run = async () => {
    if (!confirm) return;
    const { act, batch } = confirm;
    setConfirm(null);
    setFailure(null);
    try {
      if (act === 'delete') await deleteBatch(http, portalId, batch.Id);
      else
        await batchAction(
          http,
          portalId,
          batch.Id,
          act === 'requeue' ? BatchAction.Requeue : BatchAction.Reject,
        );
    } catch (error) {
      setFailure(translateServerError(t, error, { detailFirst: true }) ?? t('batches.actions.failed'));
    }
    onChanged();
  };

  if (batches.length === 0) return <p className="muted">{t('batches.list.empty')}</p>;
  return (
    <>
      {failure && (
        <Alert tone="error" testId="batch-action-error">
          {failure}
        </Alert>
      )}
      <div className="table-scroll">
        <table className="batch-table" data-testid="batch-table">
          <thead>
            <tr>
              <th>{t('batches.columns.name')}</th>
              <th>{t('batches.columns.status')}</th>
              <th>{t('batches.columns.documents')}</th>
              <th>{t('batches.columns.pages')}</th>
              <th>{t('batches.columns.createdBy')}</th>
              <th>{t('batches.columns.created')}</th>
              <th>{t('batches.columns.actions')}</th>
            </tr>
          </thead>
          <tbody>
            {batches.map((b) => (
              <BatchRow
                key={b.Id}
                batch={b}
                expanded={open === b.Id}
                date={date}
                onToggle={() => setOpen(open === b.Id ? null : b.Id)}
                onAct={(act) => setConfirm({ act, batch: b })}
                portalId={portalId}
              />
            ))}
          </tbody>
        </table>
      </div>
      {confirm && (
        <Modal
          title={t(`batches.confirm.${confirm.act}.title`)}
          onClose={() => setConfirm(null)}
          size="small"
          testId="batch-confirm"
          footer={
            <>
              <button type="button" className="button" onClick={() => setConfirm(null)}>
                {t('common.cancel')}
              </button>
              <button type="button" className="button button--primary" onClick={() => void run()}>
                {t(`batches.actions.${confirm.act}`)}
              </button>
            </>
          }
        >
          <p>{t(`batches.confirm.${confirm.act}.text`, { name: confirm.batch.Name })}</p>
        </Modal>
      )}
    </>
  );
}

interface RowProps {
  batch: Batch;
  portalId: number;
  expanded: boolean;
  date: (iso: string) => string;
  onToggle: () => void;
  onAct: (act: Act) => void;
}

function BatchRow({ batch: b, portalId, expanded, date, onToggle, onAct }: RowProps) {
  const { t } = useTranslation();
  const acts = (['requeue', 'reject', 'delete'] as const).filter((a) => CAN[a].includes(b.Status));
  return (
    <>
      <tr data-testid={`batch-row-${b.Id}`} data-batch-name={b.Name}>
        <td>{b.Name}</td>
        <td>
          <span
            className="batch-status"
            data-testid="batch-status"
            data-status={b.Status}
            style={{ backgroundColor: STATUS_COLOURS[b.Status] }}
          >
            {t(STATUS_KEYS[b.Status])}
          </span>
          {b.Error && (
            <div className="batch-error" data-testid="batch-error">
              {translateServerMessage(t, b.Error)}
            </div>
          )}
        </td>
        <td>{t('batches.list.indexedOf', { indexed: b.Indexed, count: b.Documents })}</td>
        <td>{b.Pages}</td>
        <td>{b.CreatedBy}</td>
        <td>{date(b.Created)}</td>
        <td className="batch-actions">
          {OPENABLE.includes(b.Status) && (
            <button
              type="button"
              className="button button--small"
              aria-expanded={expanded}
              onClick={onToggle}
            >
              {t('batches.actions.documents')}
            </button>
          )}
          {acts.map((a) => (
            <button key={a} type="button" className="button button--small" onClick={() => onAct(a)}>
              {t(`batches.actions.${a}`)}
            </button>
          ))}
        </td>
      </tr>
      {expanded && (
        <tr className="batch-docs-row">
          <td colSpan={7}>
            <BatchDocuments portalId={portalId} batch={b} />
          </td>
        </tr>
      )}
    </>
  );
}

// /admin/batches: the batch portal administration (admin-spec §2, §3, §4): every portal with its
// type and status (0 testing, 1 ok, 2 failed, with the reason), create and edit (PortalEditor),
// test, and delete after a confirmation. User administrators only; the server says so otherwise.
import { useState } from 'react';
import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { translateServerDetail, translateServerError } from '../../lib/serverTexts';
import type { BatchPortal } from '@gs/contract/capture';
import { deletePortal, getPortals, testPortal } from '../../api/capture';
import { useApiQuery, withSignal } from '../../api/useApiQuery';
import { Alert } from '../../components/Alert';
import { ChoiceModal } from '../../components/Modal';
import { Spinner } from '../../components/Spinner';
import { captureHttpAtom, configAtom } from '../../state/environment';
import { PortalEditor } from './PortalEditor';
import './batches.css';
import { QueryFailure } from '../../components/QueryBoundary';

type Editing = { portal: BatchPortal | null } | null;

export function BatchAdminPage() {
  const { t } = useTranslation();
  const http = useAtomValue(captureHttpAtom);
  const hidden = useAtomValue(configAtom).hide.batchPortals;
  const [portals, reload] = useApiQuery(hidden ? null : 'batch-portals-admin', (_h, signal) =>
    getPortals(withSignal(http, signal), true),
  );
  const [editing, setEditing] = useState<Editing>(null);
  const [removing, setRemoving] = useState<BatchPortal | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const attempt = async (work: () => Promise<unknown>) => {
    setFailure(null);
    try {
      await work();
    } catch (error) {
      setFailure(translateServerError(t, error, { detailFirst: true }) ?? t('batches.actions.failed'));
    }
    reload();
  };

  let body;
  if (hidden)
    body = (
      <Alert tone="warning" testId="batch-portals-hidden">
        {t('batches.hidden')}
      </Alert>
    );
  else if (portals.status === 'loading') body = <Spinner label={t('batches.select.loading')} />;
  else if (portals.status !== 'success')
    body = <QueryFailure state={portals} error={t('ERROR_GET_BATCHPORTALS')} testId="batch-portals-error" />;
  else
    body = (
      <div className="table-scroll">
        <table className="batch-table" data-testid="portal-table">
          <thead>
            <tr>
              <th>{t('batches.admin.name')}</th>
              <th>{t('batches.admin.type')}</th>
              <th>{t('batches.admin.status')}</th>
              <th>{t('batches.columns.actions')}</th>
            </tr>
          </thead>
          <tbody>
            {portals.data.map((p) => (
              <tr key={p.Id} data-testid={`portal-row-${p.Id}`} data-portal-name={p.Name}>
                <td>{p.Name}</td>
                <td>{t(`batches.portalType.${p.Type}`)}</td>
                <td>
                  <span
                    className={`portal-status portal-status--${p.Status}`}
                    data-testid="portal-status"
                    data-status={p.Status}
                  >
                    {t(`batches.portalStatus.${p.Status}`)}
                  </span>
                  <PortalStatus text={translateServerDetail(t, p.StatusMessage)} />
                </td>
                <td className="batch-actions">
                  <button
                    type="button"
                    className="button button--small"
                    onClick={() => setEditing({ portal: p })}
                  >
                    {t('batches.admin.edit')}
                  </button>
                  <button
                    type="button"
                    className="button button--small"
                    onClick={() => void attempt(() => testPortal(http, p.Id))}
                  >
                    {t('batches.admin.test')}
                  </button>
                  <button type="button" className="button button--small" onClick={() => setRemoving(p)}>
                    {t('batches.actions.delete')}
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    );

  return (
    <section className="batches-page" aria-labelledby="batch-admin-title">
      <div className="panel">
        <div className="batches-page__header">
          <h1 id="batch-admin-title" className="panel__title">
            {t('batches.admin.title')}
          </h1>
          {!hidden && (
            <button
              type="button"
              className="button button--small button--primary"
              onClick={() => setEditing({ portal: null })}
            >
              {t('batches.admin.create')}
            </button>
          )}
        </div>
        {failure && (
          <Alert tone="error" testId="portal-admin-error">
            {failure}
          </Alert>
        )}
        {body}
      </div>
      {editing && (
        <PortalEditor
          portal={editing.portal}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            reload();
          }}
        />
      )}
      {removing && (
        <ChoiceModal
          title={t('batches.admin.deleteTitle')}
          size="small"
          onCancel={() => setRemoving(null)}
          testId="portal-delete-confirm"
          confirmLabel={t('batches.actions.delete')}
          onConfirm={() => {
            const id = removing.Id;
            setRemoving(null);
            void attempt(() => deletePortal(http, id));
          }}
        >
          <p>{t('batches.admin.deleteText', { name: removing.Name })}</p>
        </ChoiceModal>
      )}
    </section>
  );
}

/** What the capture server last said about a portal, in the user's language. */
const PortalStatus = ({ text }: { text: string | null }) =>
  text ? <div className="batch-error">{text}</div> : null;

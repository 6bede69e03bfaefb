// Create or edit a batch portal (admin-spec §3): name, type (0 batch, 1 analytics), the
// GlobalSearch instance, its database and archive (ssinstance/{id}/databases, archives) and an
// optional inbox. A saved portal is status 0 until it is tested.
import { useId, useState, type FormEvent } from 'react';
import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { translateServerError } from '../../lib/serverTexts';
import { LOCAL_INSTANCE_ID, type BatchPortal, type PortalTypeCode } from '@gs/contract/capture';
import { getCaptureArchives, getCaptureInboxes, getInstanceDatabases, savePortal } from '../../api/capture';
import { useApiQuery, withSignal } from '../../api/useApiQuery';
import { Alert } from '../../components/Alert';
import { Modal } from '../../components/Modal';
import { captureHttpAtom } from '../../state/environment';
import { QueryFailure } from '../../components/QueryBoundary';

interface Props {
  portal: BatchPortal | null;
  onClose: () => void;
  onSaved: () => void;
}

export function PortalEditor({ portal, onClose, onSaved }: Props) {
  const { t } = useTranslation();
  const http = useAtomValue(captureHttpAtom);
  const id = useId();
  const [name, setName] = useState(portal?.Name ?? '');
  const [type, setType] = useState<PortalTypeCode>(portal?.Type ?? 0);
  const [instance, setInstance] = useState(portal?.InstanceId ?? LOCAL_INSTANCE_ID);
  const [database, setDatabase] = useState(portal?.DatabaseId ?? 0);
  const [archive, setArchive] = useState(portal?.ArchiveId ?? 0);
  const [inbox, setInbox] = useState(portal?.InboxId ?? 0);
  const [failure, setFailure] = useState<string | null>(null);
  const [dbs] = useApiQuery(`capture-dbs:${instance}`, (_h, signal) =>
    getInstanceDatabases(withSignal(http, signal), instance),
  );
  const [archives] = useApiQuery(database ? `capture-archives:${instance}:${database}` : null, (_h, signal) =>
    getCaptureArchives(withSignal(http, signal), instance, database),
  );
  const [inboxes] = useApiQuery(`capture-inboxes:${instance}`, (_h, signal) =>
    getCaptureInboxes(withSignal(http, signal), instance),
  );

  const save = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    try {
      await savePortal(
        http,
        {
          Name: name,
          Type: type,
          InstanceId: instance,
          DatabaseId: database,
          ArchiveId: archive,
          InboxId: inbox,
        },
        portal?.Id,
      );
      onSaved();
    } catch (error) {
      setFailure(translateServerError(t, error, { detailFirst: true }) ?? t('batches.actions.failed'));
    }
  };

  const options = (q: typeof dbs) =>
    q.status === 'success'
      ? q.data.map((c) => (
          <option key={c.Id} value={c.Id}>
            {c.Name}
          </option>
        ))
      : null;

  return (
    <Modal
      title={portal ? t('batches.admin.editTitle', { name: portal.Name }) : t('batches.admin.createTitle')}
      onClose={onClose}
      testId="portal-editor"
      footer={
        <>
          <button type="button" className="button" onClick={onClose}>
            {t('common.cancel')}
          </button>
          <button
            type="submit"
            form="portal-editor-form"
            className="button button--primary"
            disabled={!name.trim() || !archive}
          >
            {t('batches.admin.save')}
          </button>
        </>
      }
    >
      <form id="portal-editor-form" className="stack" onSubmit={(e) => void save(e)}>
        {failure && (
          <Alert tone="error" testId="portal-editor-error">
            {failure}
          </Alert>
        )}
        <div className="field">
          <label htmlFor={`${id}-name`}>{t('batches.admin.name')}</label>
          <input id={`${id}-name`} value={name} maxLength={100} onChange={(e) => setName(e.target.value)} />
        </div>
        <div className="field">
          <label htmlFor={`${id}-type`}>{t('batches.admin.type')}</label>
          <select
            id={`${id}-type`}
            value={type}
            onChange={(e) => setType(Number(e.target.value) === 1 ? 1 : 0)}
          >
            <option value={0}>{t('batches.portalType.0')}</option>
            <option value={1}>{t('batches.portalType.1')}</option>
          </select>
        </div>
        <div className="field">
          <label htmlFor={`${id}-instance`}>{t('batches.admin.instance')}</label>
          <input
            id={`${id}-instance`}
            type="number"
            min={1}
            value={instance}
            onChange={(e) => setInstance(Math.max(1, Math.trunc(Number(e.target.value)) || 1))}
          />
        </div>
        <QueryFailure state={dbs} error={t('batches.admin.instanceError')} />
        <div className="field">
          <label htmlFor={`${id}-database`}>{t('batches.admin.database')}</label>
          <select
            id={`${id}-database`}
            value={database}
            onChange={(e) => {
              setDatabase(Number(e.target.value));
              setArchive(0);
            }}
          >
            <option value={0}>{t('batches.admin.choose')}</option>
            {options(dbs)}
          </select>
        </div>
        <div className="field">
          <label htmlFor={`${id}-archive`}>{t('batches.admin.archive')}</label>
          <select id={`${id}-archive`} value={archive} onChange={(e) => setArchive(Number(e.target.value))}>
            <option value={0}>{t('batches.admin.choose')}</option>
            {database ? options(archives) : null}
          </select>
        </div>
        <div className="field">
          <label htmlFor={`${id}-inbox`}>{t('batches.admin.inbox')}</label>
          <select id={`${id}-inbox`} value={inbox} onChange={(e) => setInbox(Number(e.target.value))}>
            <option value={0}>{t('batches.admin.noInbox')}</option>
            {options(inboxes)}
          </select>
        </div>
      </form>
    </Modal>
  );
}

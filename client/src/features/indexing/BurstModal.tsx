// The bursting archive modal: the selected pages become a new document indexed into the archive
// picked here (the current one by default), optionally taking them out of the document being
// indexed, unless the archive's folder option 1 forbids that.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Archive } from '@gs/contract/archives';
import { Alert } from '../../components/Alert';
import { Modal } from '../../components/Modal';
import { ArchiveTree } from '../view/ArchiveTree';
import { burstConfirmError, canDeleteBurstPages } from './bursting';

export interface BurstModalProps {
  db: number;
  archive: number;
  folderOptions: number;
  selected: readonly number[];
  pageCount: number;
  onConfirm: (archive: number, deletePages: boolean) => void;
  onClose: () => void;
}

export function BurstModal(props: BurstModalProps) {
  const { t } = useTranslation();
  const [picked, setPicked] = useState<number>(props.archive);
  const [deletePages, setDeletePages] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const deletable = canDeleteBurstPages(props.folderOptions);
  const pages = [...props.selected].sort((a, b) => a - b);

  const confirm = () => {
    const refused = burstConfirmError(pages, props.pageCount, deletable && deletePages);
    if (refused) {
      setError(t(refused));
      return;
    }
    props.onConfirm(picked, deletable && deletePages);
  };

  return (
    <Modal
      title={t('indexing.burst.title')}
      onClose={props.onClose}
      testId="bursting-archive-modal"
      footer={
        <>
          <button type="button" className="button" onClick={props.onClose}>
            {t('common.cancel')}
          </button>
          <button type="button" className="button button--primary" onClick={confirm}>
            {t('indexing.burst.confirm')}
          </button>
        </>
      }
    >
      <div className="stack">
        <p>{t('indexing.burst.intro', { pages: pages.join(', ') })}</p>
        <div className="burst-modal__tree">
          <ArchiveTree db={props.db} selected={picked} onSelect={(a: Archive) => setPicked(a.Id)} />
        </div>
        <label className="checkbox">
          <input
            type="checkbox"
            checked={deletable && deletePages}
            disabled={!deletable}
            onChange={(event) => {
              setDeletePages(event.target.checked);
              setError(null);
            }}
          />
          <span>{t('indexing.burst.deletePages')}</span>
        </label>
        {!deletable && <p className="muted">{t('indexing.burst.deleteDisabled')}</p>}
        {error && (
          <Alert tone="error" testId="burst-error">
            {error}
          </Alert>
        )}
      </div>
    </Modal>
  );
}

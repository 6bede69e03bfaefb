// The archive-select modal (spec §2) of copy and move: the database's archive tree (the view
// screen's, read-only) to pick the destination; the documents' own archive cannot be the
// destination of a move.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Archive } from '@gs/contract/archives';
import { Modal } from '../../components/Modal';
import { ArchiveTree } from '../view/ArchiveTree';

export interface ArchiveSelectModalProps {
  db: number;
  title: string;
  /** an archive that may not be chosen (the source of a move) */
  exclude?: number;
  confirmLabel: string;
  onChoose: (archive: Archive) => void;
  onClose: () => void;
}

export function ArchiveSelectModal({
  db,
  title,
  exclude,
  confirmLabel,
  onChoose,
  onClose,
}: ArchiveSelectModalProps) {
  const { t } = useTranslation();
  const [chosen, setChosen] = useState<Archive | null>(null);
  const same = chosen !== null && chosen.Id === exclude;
  return (
    <Modal
      title={title}
      onClose={onClose}
      testId="archive-select"
      footer={
        <>
          <button type="button" className="button" onClick={onClose}>
            {t('common.cancel')}
          </button>
          <button
            type="button"
            className="button button--primary"
            disabled={!chosen || same}
            onClick={() => chosen && onChoose(chosen)}
            data-testid="archive-select-confirm"
          >
            {confirmLabel}
          </button>
        </>
      }
    >
      <p className="muted">{t('documents.archiveSelect.lead')}</p>
      <div className="document-actions__tree">
        <ArchiveTree db={db} selected={chosen?.Id ?? null} onSelect={setChosen} />
      </div>
      <p className="document-actions__chosen" aria-live="polite">
        {chosen
          ? t('documents.archiveSelect.chosen', { name: chosen.Name })
          : t('documents.archiveSelect.none')}
      </p>
      {same && <p className="document-actions__problem">{t('documents.archiveSelect.sameArchive')}</p>}
    </Modal>
  );
}

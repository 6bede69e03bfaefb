// Email of the checked documents (spec §7, permission 32): with or without their annotations; the
// Extensions helper writes the message with the files attached.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Modal } from '../../components/Modal';

export function EmailModal({
  count,
  onSend,
  onClose,
}: {
  count: number;
  onSend: (withAnnotations: boolean) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [withAnnotations, setWithAnnotations] = useState(false);
  return (
    <Modal
      title={t('documents.email.title', { count })}
      onClose={onClose}
      size="small"
      testId="email-documents"
      footer={
        <>
          <button type="button" className="button" onClick={onClose}>
            {t('common.cancel')}
          </button>
          <button
            type="button"
            className="button button--primary"
            data-autofocus
            onClick={() => onSend(withAnnotations)}
            data-testid="email-send"
          >
            {t('documents.email.send')}
          </button>
        </>
      }
    >
      <p>{t('documents.email.lead')}</p>
      <label className="document-actions__check">
        <input
          type="checkbox"
          checked={withAnnotations}
          onChange={(event) => setWithAnnotations(event.target.checked)}
        />
        {t('documents.email.withAnnotations')}
      </label>
    </Modal>
  );
}

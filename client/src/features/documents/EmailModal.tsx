// Email of the checked documents (spec §7, permission 32): with or without their annotations; the
// Extensions helper writes the message with the files attached.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ChoiceModal } from '../../components/Modal';

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
    <ChoiceModal
      title={t('documents.email.title', { count })}
      onCancel={onClose}
      size="small"
      testId="email-documents"
      confirmLabel={t('documents.email.send')}
      onConfirm={() => onSend(withAnnotations)}
      confirmTestId="email-send"
      focusConfirm
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
    </ChoiceModal>
  );
}

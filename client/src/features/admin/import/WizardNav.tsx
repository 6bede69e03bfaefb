// The wizard's buttons (admin-spec §4): Back, Next (not on the first and last steps), and Cancel,
// which asks before it resets the wizard.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/Modal';

export interface WizardNavProps {
  showBack: boolean;
  showNext: boolean;
  showCancel: boolean;
  busy: boolean;
  canNext: boolean;
  onBack: () => void;
  onNext: () => void;
  onCancel: () => void;
}

export function WizardNav({
  showBack,
  showNext,
  showCancel,
  busy,
  canNext,
  onBack,
  onNext,
  onCancel,
}: WizardNavProps) {
  const { t } = useTranslation();
  const [asking, setAsking] = useState(false);
  return (
    <div className="import-nav">
      {showBack && (
        <button type="button" className="button" data-testid="import-back" disabled={busy} onClick={onBack}>
          {t('admin.import.back')}
        </button>
      )}
      {showNext && (
        <button
          type="button"
          className="button button--primary"
          data-testid="import-next"
          disabled={busy || !canNext}
          onClick={onNext}
        >
          {t('admin.import.next')}
        </button>
      )}
      {showCancel && (
        <button
          type="button"
          className="button"
          data-testid="import-cancel"
          disabled={busy}
          onClick={() => setAsking(true)}
        >
          {t('common.cancel')}
        </button>
      )}
      {asking && (
        <ConfirmDialog
          title={t('admin.import.cancelTitle')}
          message={t('admin.import.cancelMessage')}
          confirmLabel={t('admin.import.cancelConfirm')}
          testId="import-cancel-confirm"
          onCancel={() => setAsking(false)}
          onConfirm={() => {
            setAsking(false);
            onCancel();
          }}
        />
      )}
    </div>
  );
}

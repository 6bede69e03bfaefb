// The install data-extraction modal (end-user spec §2 modals, §8 DATA_EXTRACTION_NOT_REGISTERED):
// KeyFree needs the helper's DataExtraction package; Install asks the helper to install it
// (`Management/Install`, the Extensions Manager API) and turns the tool on when it is in.
import { useState } from 'react';
import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { DATA_EXTRACTION_PACKAGE } from '@gs/contract/dataExtraction';
import { HelperError } from '../../../api/helper';
import { Alert } from '../../../components/Alert';
import { ChoiceModal } from '../../../components/Modal';
import { helperClientAtom } from '../../capture/helperSettings';

export function InstallDataExtractionModal({
  onInstalled,
  onClose,
}: {
  onInstalled: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const client = useAtomValue(helperClientAtom).io;
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState<string | null>(null);

  const install = async () => {
    setBusy(true);
    setFailed(null);
    try {
      const packages = await client.install([DATA_EXTRACTION_PACKAGE]);
      if (packages.some((p) => p.AppName === DATA_EXTRACTION_PACKAGE && p.Installed)) onInstalled();
      else setFailed(t('keyfree.install.failed'));
    } catch (error) {
      setFailed(
        error instanceof HelperError && error.kind === 'unreachable'
          ? t('keyfree.install.unreachable')
          : t('keyfree.install.failed'),
      );
    } finally {
      setBusy(false);
    }
  };

  return (
    <ChoiceModal
      title={t('keyfree.install.title')}
      onCancel={onClose}
      size="small"
      testId="install-data-extraction-modal"
      confirmLabel={busy ? t('keyfree.install.installing') : t('keyfree.install.button')}
      canConfirm={!busy}
      focusConfirm
      onConfirm={() => void install()}
    >
      <p>{t('DATA_EXTRACTION_NOT_REGISTERED')}</p>
      {failed && (
        <Alert tone="error" testId="install-data-extraction-error">
          {failed}
        </Alert>
      )}
    </ChoiceModal>
  );
}

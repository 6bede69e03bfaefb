// The dialog of an import into an archive from its options (ArchiveOptions): the upload's
// progress, the files left out for being empty, a failure or a refusal. Loaded when files are
// imported (decision 079).
import { useTranslation } from 'react-i18next';
import type { UploadResult } from '../../api/upload';
import { Alert } from '../../components/Alert';
import { Modal } from '../../components/Modal';
import { translateServerMessage } from '../../lib/serverTexts';
import { ProgressBar } from './ProgressBar';
import { ZeroByteNotice } from './ZeroByteNotice';

export type Importing =
  | { state: 'uploading'; fraction: number }
  | { state: 'done'; result: UploadResult }
  | { state: 'failed'; detail: string | null }
  | { state: 'refused' };

export function ImportDialog({
  importing,
  onClose,
  onContinue,
}: {
  importing: Importing;
  onClose: () => void;
  onContinue: (names: string[]) => void;
}) {
  const { t } = useTranslation();
  const names = importing.state === 'done' ? importing.result.names : [];
  return (
    <Modal
      title={t('capture.upload.title')}
      onClose={onClose}
      size="small"
      testId="import-dialog"
      footer={
        importing.state === 'uploading' ? undefined : (
          <>
            <button type="button" className="button" onClick={onClose}>
              {t('common.close')}
            </button>
            {names.length > 0 && (
              <button
                type="button"
                className="button button--primary"
                data-autofocus
                onClick={() => onContinue(names)}
              >
                {t('capture.upload.continue')}
              </button>
            )}
          </>
        )
      }
    >
      {importing.state === 'uploading' && (
        <ProgressBar
          label={t('capture.upload.progress')}
          fraction={importing.fraction}
          testId="upload-progress"
        />
      )}
      {importing.state === 'done' && <ZeroByteNotice names={importing.result.skipped} />}
      {importing.state === 'failed' && (
        <Alert tone="error">
          <p>{t('capture.upload.failed')}</p>
          {importing.detail && <p>{translateServerMessage(t, importing.detail)}</p>}
        </Alert>
      )}
      {importing.state === 'refused' && (
        <Alert tone="error" testId="import-refused">
          {t('ERROR_FAILED_DUE_TO_PERMISSIONS')}
        </Alert>
      )}
    </Modal>
  );
}

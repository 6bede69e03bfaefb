// An upload's progress bar, the zero-byte files left out (ZERO_BYTE_FILE_REMOVED_MSG with the name)
// and how it ended.
import { useTranslation } from 'react-i18next';
import { Alert } from '../../components/Alert';
import type { UploadStatus } from './useInboxUpload';

export function UploadStatusView({
  status,
  onDismiss,
}: {
  status: UploadStatus | null;
  onDismiss: () => void;
}) {
  const { t } = useTranslation();
  if (!status) return null;
  const percent = Math.round(status.progress * 100);
  return (
    <div className="inbox-upload" data-testid="inbox-upload">
      {status.running && (
        <label className="inbox-upload__progress">
          <span>{t('inbox.upload.progress', { percent })}</span>
          <progress max={100} value={percent} data-testid="inbox-upload-progress" />
        </label>
      )}
      {status.removed.map((name) => (
        <Alert key={name} tone="warning" testId="zero-byte-removed">
          {t('ZERO_BYTE_FILE_REMOVED_MSG', { fileName: name })}
        </Alert>
      ))}
      {status.error && (
        <Alert tone="error" testId="inbox-upload-error">
          {status.error}
        </Alert>
      )}
      {!status.running && !status.error && status.added.length > 0 && (
        <Alert tone="success" testId="inbox-upload-done">
          {t('inbox.upload.done', { count: status.added.length })}
        </Alert>
      )}
      {!status.running && (
        <button type="button" className="button button--small" onClick={onDismiss}>
          {t('common.close')}
        </button>
      )}
    </div>
  );
}

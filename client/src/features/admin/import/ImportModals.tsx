// The import log modal (on an error: the log's lines, its first error, a download of the log)
// and the success modal (admin-spec §2, §4).
import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import type { ImportLog } from '@gs/contract/admin/packages';
import { importLogFileUrl } from '../../../api/adminPackages';
import { Modal } from '../../../components/Modal';
import { translateServerMessage } from '../../../lib/serverTexts';
import { httpAtom } from '../../../state/environment';
import { sessionAtom } from '../../../state/session';

export function ImportLogModal({ log, onClose }: { log: ImportLog; onClose: () => void }) {
  const { t } = useTranslation();
  const http = useAtomValue(httpAtom);
  const token = useAtomValue(sessionAtom)?.token ?? null;
  return (
    <Modal
      title={t('admin.import.logTitle', { file: log.Filename })}
      size="large"
      testId="import-log"
      onClose={onClose}
      footer={
        <>
          {log.Guid && log.Status !== 'Running' && (
            <a className="button" href={importLogFileUrl(http, token, log)} download>
              {t('admin.import.downloadLog')}
            </a>
          )}
          <button
            type="button"
            className="button button--primary"
            data-testid="import-log-close"
            onClick={onClose}
          >
            {t('common.close')}
          </button>
        </>
      }
    >
      {log.ImportError && (
        <p role="alert" className="import-error" data-testid="import-log-error">
          {translateServerMessage(t, log.ImportError)}
        </p>
      )}
      <pre className="import-log__text" data-testid="import-log-text">
        {log.LogText}
      </pre>
    </Modal>
  );
}

export function ImportSuccessModal({
  log,
  onFinish,
  onShowLog,
}: {
  log: ImportLog;
  onFinish: () => void;
  onShowLog: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Modal
      title={t('admin.import.successTitle')}
      size="small"
      testId="import-success"
      onClose={onFinish}
      footer={
        <>
          <button type="button" className="button" data-testid="import-show-log" onClick={onShowLog}>
            {t('admin.import.showLog')}
          </button>
          <button
            type="button"
            className="button button--primary"
            data-testid="import-finish"
            data-autofocus
            onClick={onFinish}
          >
            {t('admin.import.finish')}
          </button>
        </>
      }
    >
      <p>{t('admin.import.success', { database: log.DatabaseName })}</p>
      {/\bWARN\b/.test(log.LogText) && <p>{t('admin.import.successWarnings')}</p>}
    </Modal>
  );
}

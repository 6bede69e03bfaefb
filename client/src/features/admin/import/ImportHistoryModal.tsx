// The import log history (admin-spec §7 `GET FullAdminLog` without logId, `DELETE FullAdminLog`;
// §8 "confirm log delete"): every import's log, newest first; one opens in the log modal; Delete
// all asks first.
import { useState } from 'react';
import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import type { ImportLog } from '@gs/contract/admin/packages';
import { deleteImportLogs, getImportHistory } from '../../../api/adminPackages';
import { useApiQuery } from '../../../api/useApiQuery';
import { ConfirmDialog, Modal } from '../../../components/Modal';
import { httpAtom } from '../../../state/environment';
import { QueryBoundary } from '../../../components/QueryBoundary';
import { ImportLogModal } from './ImportModals';

export function ImportHistoryModal({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const http = useAtomValue(httpAtom);
  const [state, reload] = useApiQuery('import-history', getImportHistory);
  const [open, setOpen] = useState<ImportLog | null>(null);
  const [confirming, setConfirming] = useState(false);
  if (open) return <ImportLogModal log={open} onClose={() => setOpen(null)} />;
  return (
    <Modal
      title={t('admin.import.historyTitle')}
      size="large"
      testId="import-history"
      onClose={onClose}
      footer={
        <>
          <button type="button" className="button button--danger" onClick={() => setConfirming(true)}>
            {t('admin.import.deleteHistory')}
          </button>
          <button type="button" className="button button--primary" onClick={onClose}>
            {t('common.close')}
          </button>
        </>
      }
    >
      <QueryBoundary preset="admin" state={state} reload={reload}>
        {(logs) =>
          logs.length === 0 ? (
            <p>{t('admin.import.noHistory')}</p>
          ) : (
            <ul className="import-history" data-testid="import-history-list">
              {logs.map((log) => (
                <li key={log.LogId}>
                  <button type="button" className="button" onClick={() => setOpen(log)}>
                    {t('admin.import.historyEntry', {
                      file: log.Filename,
                      database: log.DatabaseName || '—',
                      status: t(`admin.import.status.${log.Status}`),
                    })}
                  </button>
                </li>
              ))}
            </ul>
          )
        }
      </QueryBoundary>
      {confirming && (
        <ConfirmDialog
          title={t('admin.import.deleteHistory')}
          message={t('admin.import.deleteHistoryMessage')}
          confirmLabel={t('admin.import.deleteHistory')}
          testId="import-history-delete"
          onCancel={() => setConfirming(false)}
          onConfirm={() => {
            setConfirming(false);
            void deleteImportLogs(http).then(reload, reload);
          }}
        />
      )}
    </Modal>
  );
}

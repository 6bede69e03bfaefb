// Log history (admin-spec §2's modal list): the archive's history as the audit records it
// (`GET dbs/{db}/archives/{a}/audit?Page&DocLimit`), newest first, a page at a time with the
// category toggles. Our design: admin-spec names the modal only; the archive's audit is the log
// an administrator has on an archive card (see docs/decisions/024-admin-log-history-and-mdb-gate.md).
import { useTranslation } from 'react-i18next';
import { Modal } from '../../../components/Modal';
import { ArchiveHistory } from '../../results/history/ArchiveHistory';

export function LogHistoryModal({
  db,
  archive,
  name,
  onClose,
}: {
  db: number;
  archive: number;
  name: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Modal
      title={t('admin.archives.historyTitle', { name })}
      size="large"
      testId="admin-log-history"
      onClose={onClose}
      footer={
        <button type="button" className="button" onClick={onClose}>
          {t('common.close')}
        </button>
      }
    >
      <ArchiveHistory db={db} archive={archive} version={0} />
    </Modal>
  );
}

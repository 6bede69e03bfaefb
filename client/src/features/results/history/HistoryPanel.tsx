// The right sidebar of the results (spec §2): the selected document's history and the archive's
// history, for users with View History (512).
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DocumentRef } from '../../../api/documents';
import { ArchiveHistory } from './ArchiveHistory';
import { DocumentHistory } from './DocumentHistory';

type Tab = 'document' | 'archive';

export function HistoryPanel({
  db,
  archive,
  doc,
  version,
  onClose,
}: {
  db: number;
  archive: number;
  doc: DocumentRef | null;
  /** bumped after saves, so the lists are read again */
  version: number;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [tab, setTab] = useState<Tab>('document');
  return (
    <aside className="history-panel" aria-labelledby="history-title" data-testid="history-panel">
      <div className="history-panel__header">
        <h2 id="history-title" className="history-panel__title">
          {t('history.title')}
        </h2>
        <button type="button" className="icon-button" aria-label={t('common.close')} onClick={onClose}>
          ×
        </button>
      </div>
      <div className="tabs" role="tablist" aria-label={t('history.title')}>
        {(['document', 'archive'] as const).map((id) => (
          <button
            key={id}
            type="button"
            role="tab"
            aria-selected={tab === id}
            className="tabs__tab"
            onClick={() => setTab(id)}
          >
            {t(`history.tab.${id}`)}
          </button>
        ))}
      </div>
      {tab === 'document' ? (
        <DocumentHistory doc={doc} version={version} />
      ) : (
        <ArchiveHistory db={db} archive={archive} version={version} />
      )}
    </aside>
  );
}

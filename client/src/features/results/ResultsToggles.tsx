// The two buttons every results toolbar starts and ends with: show or hide the archives sidebar,
// and show or hide the history panel.
import { useTranslation } from 'react-i18next';
import { Icon } from '../../components/Icon';

export function SidebarToggle({ open, onToggle }: { open: boolean; onToggle: () => void }) {
  const { t } = useTranslation();
  return (
    <button type="button" className="button button--small" aria-pressed={open} onClick={onToggle}>
      <Icon name="folder" size={16} />
      {t('view.archives.title')}
    </button>
  );
}

export function HistoryToggle({ open, onToggle }: { open: boolean; onToggle: () => void }) {
  const { t } = useTranslation();
  return (
    <button
      type="button"
      className="button button--small"
      aria-pressed={open}
      onClick={onToggle}
      data-testid="history-toggle"
    >
      {t('history.title')}
    </button>
  );
}

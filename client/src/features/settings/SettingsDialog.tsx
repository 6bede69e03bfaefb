// The Settings dialog, opened from the header over the current screen (end-user spec §2): a tab
// list and the chosen section. Every setting is saved as it changes (or by its own Save). The
// section's box keeps one height over every tab and scrolls a longer section (styles.css).
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Modal } from '../../components/Modal';
import { SETTINGS_TABS, SettingsSection, type SettingsTab } from './settingsSections';

export function SettingsDialog({
  onClose,
  initialTab = 'general',
}: {
  onClose: () => void;
  initialTab?: SettingsTab;
}) {
  const { t } = useTranslation();
  const [tab, setTab] = useState<SettingsTab>(initialTab);
  return (
    <Modal title={t('settings.title')} onClose={onClose} size="large" testId="settings-dialog">
      <div role="tablist" className="tabs" aria-label={t('settings.title')}>
        {SETTINGS_TABS.map((id) => (
          <button
            key={id}
            type="button"
            role="tab"
            id={`settings-tab-${id}`}
            aria-selected={tab === id}
            aria-controls="settings-tabpanel"
            className="tabs__tab"
            onClick={() => setTab(id)}
          >
            {t(`settingsDialog.tabs.${id}`)}
          </button>
        ))}
      </div>
      <div
        role="tabpanel"
        id="settings-tabpanel"
        aria-labelledby={`settings-tab-${tab}`}
        className="stack settings-dialog__panel"
        tabIndex={0}
      >
        <SettingsSection tab={tab} />
      </div>
    </Modal>
  );
}

// The General tab: searching preferences and the display settings, each remembered locally.
import { useAtom } from 'jotai';
import { useTranslation } from 'react-i18next';
import {
  disableOpenDocAtom,
  showArchiveListAtom,
  showGlobalActionTasksAtom,
  showQueueSearchesAtom,
  showQueuesAtom,
  showVersionArchiveAtom,
} from '../../state/displayPreferences';
import { searchSettingAtom, sidebarOpenAtom } from '../../state/preferences';
import { SearchSettings } from './SearchSettings';
import { SettingToggle } from './SettingToggle';

const PAGE_SIZES = [10, 25, 50, 100];

function HistoryPageSize() {
  const { t } = useTranslation();
  const [setting, setSetting] = useAtom(searchSettingAtom);
  const sizes = PAGE_SIZES.includes(setting.archHistoryPageSize)
    ? PAGE_SIZES
    : [...PAGE_SIZES, setting.archHistoryPageSize].sort((a, b) => a - b);
  return (
    <label className="field">
      <span>{t('settingsDialog.general.historyPageSize')}</span>
      <select
        value={setting.archHistoryPageSize}
        onChange={(event) => setSetting({ ...setting, archHistoryPageSize: Number(event.target.value) })}
        data-testid="setting-history-page-size"
      >
        {sizes.map((n) => (
          <option key={n} value={n}>
            {n}
          </option>
        ))}
      </select>
    </label>
  );
}

export function GeneralSettings() {
  const { t } = useTranslation();
  return (
    <>
      <SearchSettings />
      <h2 className="panel__subtitle">{t('settingsDialog.general.display')}</h2>
      <div className="stack">
        <SettingToggle
          atom={showArchiveListAtom}
          label={t('settingsDialog.general.showArchiveList')}
          testId="setting-show-archive-list"
        />
        <SettingToggle
          atom={sidebarOpenAtom}
          label={t('settingsDialog.general.sidebarOpen')}
          testId="setting-sidebar-open"
        />
        <SettingToggle
          atom={showVersionArchiveAtom}
          label={t('settingsDialog.general.showVersionArchive')}
          testId="setting-show-version-archive"
        />
        <SettingToggle
          atom={disableOpenDocAtom}
          label={t('settingsDialog.general.disableOpenDoc')}
          testId="setting-disable-open-doc"
        />
        <SettingToggle
          atom={showQueuesAtom}
          label={t('settingsDialog.general.showQueues')}
          testId="setting-show-queues"
        />
        <SettingToggle
          atom={showQueueSearchesAtom}
          label={t('settingsDialog.general.showQueueSearches')}
          testId="setting-show-queue-searches"
        />
        <SettingToggle
          atom={showGlobalActionTasksAtom}
          label={t('settingsDialog.general.showGlobalActionTasks')}
          testId="setting-show-global-action-tasks"
        />
        <HistoryPageSize />
      </div>
    </>
  );
}

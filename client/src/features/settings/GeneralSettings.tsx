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
import { HiddenQueuesSetting } from '../workflow/HiddenQueuesSetting';
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

/** The display toggles, in the order the tab shows them. */
const DISPLAY_TOGGLES = [
  {
    atom: showArchiveListAtom,
    label: 'settingsDialog.general.showArchiveList',
    testId: 'setting-show-archive-list',
  },
  { atom: sidebarOpenAtom, label: 'settingsDialog.general.sidebarOpen', testId: 'setting-sidebar-open' },
  {
    atom: showVersionArchiveAtom,
    label: 'settingsDialog.general.showVersionArchive',
    testId: 'setting-show-version-archive',
  },
  {
    atom: disableOpenDocAtom,
    label: 'settingsDialog.general.disableOpenDoc',
    testId: 'setting-disable-open-doc',
  },
  { atom: showQueuesAtom, label: 'settingsDialog.general.showQueues', testId: 'setting-show-queues' },
  {
    atom: showQueueSearchesAtom,
    label: 'settingsDialog.general.showQueueSearches',
    testId: 'setting-show-queue-searches',
  },
  {
    atom: showGlobalActionTasksAtom,
    label: 'settingsDialog.general.showGlobalActionTasks',
    testId: 'setting-show-global-action-tasks',
  },
] as const;

export function GeneralSettings() {
  const { t } = useTranslation();
  return (
    <>
      <SearchSettings />
      <h2 className="panel__subtitle">{t('settingsDialog.general.display')}</h2>
      <div className="stack">
        {DISPLAY_TOGGLES.map(({ atom, label, testId }) => (
          <SettingToggle key={testId} atom={atom} label={t(label)} testId={testId} />
        ))}
        <HiddenQueuesSetting />
        <HistoryPageSize />
      </div>
    </>
  );
}

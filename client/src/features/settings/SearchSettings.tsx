// The searching preferences of the Settings page, kept in localStorage under the spec's names:
// run the default search when an archive is clicked, and how multi-archive results are listed.
import { useTranslation } from 'react-i18next';
import {
  autoRunDefaultSearchAtom,
  multiArchiveCountSortAtom,
  multiArchiveHideEmptyAtom,
} from '../../state/preferences';
import { openNewTabAtom } from '../viewer/viewerWindows';
import { SettingToggle as Toggle } from './SettingToggle';

export function SearchSettings() {
  const { t } = useTranslation();
  return (
    <>
      <h2 className="panel__subtitle">{t('settings.search.title')}</h2>
      <div className="stack">
        <Toggle
          atom={autoRunDefaultSearchAtom}
          label={t('settings.search.autoRun')}
          testId="setting-auto-run"
        />
        <Toggle
          atom={multiArchiveCountSortAtom}
          label={t('settings.search.countSort')}
          testId="setting-count-sort"
        />
        <Toggle
          atom={multiArchiveHideEmptyAtom}
          label={t('settings.search.hideEmpty')}
          testId="setting-hide-empty"
        />
        <Toggle atom={openNewTabAtom} label={t('viewer.settings.openNewTab')} testId="setting-open-new-tab" />
      </div>
    </>
  );
}

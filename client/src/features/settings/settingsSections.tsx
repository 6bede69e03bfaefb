// The Settings sections (end-user spec §2): General, Users, Language, Delegate, Export and scanner
// settings, in the dialog's tab order. The dialog shows one at a time; /settings shows them all.
import type { ReactNode } from 'react';
import { useAtom } from 'jotai';
import { useTranslation } from 'react-i18next';
import { exportUtilityDefaultsAtom } from '../export/exportDefaults';
import { ExportUtilitySettings } from '../export/ExportUtilitySettings';
import { LanguagePicker } from '../../components/LanguagePicker';
import { HelperSettings } from '../capture/HelperSettings';
import { AccountSettings } from './AccountSettings';
import { DelegateSettings } from './DelegateSettings';
import { GeneralSettings } from './GeneralSettings';

export const SETTINGS_TABS = ['general', 'users', 'language', 'delegate', 'export', 'scanner'] as const;
export type SettingsTab = (typeof SETTINGS_TABS)[number];

function LanguageSettings() {
  const { t } = useTranslation();
  return (
    <>
      <h2 className="panel__subtitle">{t('settings.language')}</h2>
      <LanguagePicker />
    </>
  );
}

function ExportSettings() {
  const { t } = useTranslation();
  const [defaults, setDefaults] = useAtom(exportUtilityDefaultsAtom);
  return (
    <div data-testid="export-defaults">
      <h2 className="panel__subtitle">{t('settingsDialog.export.title')}</h2>
      <p>{t('settingsDialog.export.text')}</p>
      <ExportUtilitySettings value={defaults} onChange={setDefaults} />
    </div>
  );
}

export function SettingsSection({ tab }: { tab: SettingsTab }): ReactNode {
  switch (tab) {
    case 'general':
      return <GeneralSettings />;
    case 'users':
      return <AccountSettings />;
    case 'language':
      return <LanguageSettings />;
    case 'delegate':
      return <DelegateSettings />;
    case 'export':
      return <ExportSettings />;
    case 'scanner':
      return <HelperSettings />;
  }
}

// /settings: every section of the Settings dialog on one page, for links and bookmarks (the
// header opens the dialog over the current screen instead).
import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import { SETTINGS_TABS, SettingsSection } from './settingsSections';

export function SettingsPage() {
  const { t } = useTranslation();
  return (
    <section className="settings-page" aria-labelledby="settings-title">
      <div className="panel">
        <h1 id="settings-title" className="panel__title">
          {t('settings.title')}
        </h1>
        {SETTINGS_TABS.map((tab) => (
          <Fragment key={tab}>
            <SettingsSection tab={tab} />
          </Fragment>
        ))}
      </div>
    </section>
  );
}

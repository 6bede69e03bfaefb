// /settings: the account signed in, the searching preferences and the interface language. The full
// Settings dialog (General, Users, Delegate, Export, scanner) comes with its own issue.
import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { LanguagePicker } from '../../components/LanguagePicker';
import { sessionAtom } from '../../state/session';
import { SearchSettings } from './SearchSettings';
import { HelperSettings } from '../capture/HelperSettings';

export function SettingsPage() {
  const { t } = useTranslation();
  const session = useAtomValue(sessionAtom);
  const type = session?.licenseType;
  return (
    <section className="settings-page" aria-labelledby="settings-title">
      <div className="panel">
        <h1 id="settings-title" className="panel__title">
          {t('settings.title')}
        </h1>
        <h2 className="panel__subtitle">{t('settings.account')}</h2>
        <dl className="details">
          <dt>{t('settings.username')}</dt>
          <dd data-testid="settings-username">{session?.username || t('header.unknownUser')}</dd>
          <dt>{t('settings.licenseType')}</dt>
          <dd>{type ? t(`session.licenseType.${type}`) : t('settings.unknown')}</dd>
        </dl>
        <SearchSettings />
        <HelperSettings />
        <h2 className="panel__subtitle">{t('settings.language')}</h2>
        <LanguagePicker />
      </div>
    </section>
  );
}

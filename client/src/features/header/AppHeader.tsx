// The blue header of the signed-in screens: product, current database, the admin and
// database-select buttons the user may see, and the user's controls.
import { useAtomValue } from 'jotai';
import { Link, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { routes, viewPath } from '../../app/paths';
import { Icon, ProductMark } from '../../components/Icon';
import { currentAdminFlagsAtom } from '../../state/adminFlags';
import { knownDatabasesAtom, selectedDatabaseAtom } from '../../state/database';
import { configAtom } from '../../state/environment';
import { HEADER_BUTTONS, visibleHeaderButtons, type HeaderButtonDef } from './headerButtons';
import { UserControls } from './UserControls';

export function AppHeader() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const config = useAtomValue(configAtom);
  const flags = useAtomValue(currentAdminFlagsAtom);
  const databases = useAtomValue(knownDatabasesAtom);
  const selected = useAtomValue(selectedDatabaseAtom);
  const shown = visibleHeaderButtons({ flags, hide: config.hide, databaseCount: databases.length });
  const database = pathname === routes.select ? undefined : databases.find((d) => d.Id === selected);

  return (
    <header className="app-header">
      <a className="skip-link" href="#main">
        {t('header.skipToContent')}
      </a>
      <Link
        to={selected ? viewPath(selected) : routes.select}
        className="app-header__brand"
        aria-label={t('header.home')}
      >
        <ProductMark size={30} />
        <span className="app-header__product">{t('app.productName')}</span>
      </Link>
      {database && (
        <div className="app-header__database" data-testid="header-database-name">
          <Icon name="database" />
          <span className="visually-hidden">{t('header.currentDatabase')}</span>
          <span>{database.Name}</span>
        </div>
      )}
      <nav className="app-header__toolbar" aria-label={t('header.toolbar')}>
        {HEADER_BUTTONS.filter((button) => shown.has(button.id)).map((button) => (
          <HeaderButton key={button.id} button={button} />
        ))}
        <UserControls />
      </nav>
    </header>
  );
}

function HeaderButton({ button }: { button: HeaderButtonDef }) {
  const { t } = useTranslation();
  const label = t(`header.${button.id}`);
  const common = {
    className: 'header-button',
    'aria-label': label,
    title: label,
    'data-testid': button.testId,
  };
  return (
    <Link to={button.target} {...common}>
      <Icon name={button.icon} size={20} />
    </Link>
  );
}

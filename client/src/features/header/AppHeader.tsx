// The blue header of the signed-in screens: product, current database, the admin and
// database-select buttons the user may see, and the user's controls. On a narrow screen the
// buttons fold into a menu the Menu button opens (styles.css); the user's controls stay in sight.
import { useState, type MouseEvent } from 'react';
import { useAtomValue } from 'jotai';
import { Link, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { routes, viewPath } from '../../app/paths';
import { Icon, ProductMark } from '../../components/Icon';
import { currentAdminFlagsAtom } from '../../state/adminFlags';
import { selectedDatabaseAtom } from '../../state/database';
import { useKnownDatabases } from '../../api/useDatabases';
import { configAtom } from '../../state/environment';
import { HEADER_BUTTONS, visibleHeaderButtons, type HeaderButtonDef } from './headerButtons';
import { UserControls } from './UserControls';

export function AppHeader() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const config = useAtomValue(configAtom);
  const flags = useAtomValue(currentAdminFlagsAtom);
  const databases = useKnownDatabases();
  const selected = useAtomValue(selectedDatabaseAtom);
  const shown = visibleHeaderButtons({ flags, hide: config.hide, databaseCount: databases.length });
  const database = pathname === routes.select ? undefined : databases.find((d) => d.Id === selected);
  // the menu is open on the screen it was opened on: a chosen place closes it
  const [menuOn, setMenuOn] = useState<string | null>(null);
  const menuOpen = menuOn === pathname;
  const setMenuOpen = (open: boolean) => setMenuOn(open ? pathname : null);

  return (
    <header className="app-header">
      <a className="skip-link" href="#main" onClick={skipToContent}>
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
      {shown.size > 0 && (
        <button
          type="button"
          className="header-button app-header__menu-toggle"
          aria-label={t('header.menu')}
          title={t('header.menu')}
          aria-expanded={menuOpen}
          aria-controls="app-header-toolbar"
          data-testid="header-menu"
          onClick={() => setMenuOpen(!menuOpen)}
        >
          <Icon name="menu" size={20} />
        </button>
      )}
      <nav
        id="app-header-toolbar"
        className={`app-header__toolbar${menuOpen ? ' app-header__toolbar--open' : ''}`}
        aria-label={t('header.toolbar')}
        onKeyDown={(event) => event.key === 'Escape' && setMenuOpen(false)}
        onClick={(event) => (event.target as Element).closest('a') && setMenuOpen(false)}
      >
        {HEADER_BUTTONS.filter((button) => shown.has(button.id)).map((button) => (
          <HeaderButton key={button.id} button={button} />
        ))}
      </nav>
      <UserControls />
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

/** A screen marks where its own content starts (the results after the sidebars) with data-skip-target. */
function skipToContent(event: MouseEvent<HTMLAnchorElement>) {
  const target = document.querySelector<HTMLElement>('[data-skip-target]');
  if (!target) return;
  event.preventDefault();
  target.focus();
}

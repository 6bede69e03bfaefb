// The blue header of the signed-in screens: product, current database, the admin and
// database-select buttons the user may see, and the user's controls.
import type { MouseEvent } from 'react';
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
      <nav className="app-header__toolbar" aria-label={t('header.toolbar')}>
        {HEADER_BUTTONS.filter((button) => shown.has(button.id)).map((button) => (
          <HeaderButton key={button.id} button={button} captureBase={config.captureBase} />
        ))}
        <UserControls />
      </nav>
    </header>
  );
}

function HeaderButton({ button, captureBase }: { button: HeaderButtonDef; captureBase: string }) {
  const { t } = useTranslation();
  const label = t(`header.${button.id}`);
  const common = {
    className: 'header-button',
    'aria-label': label,
    title: label,
    'data-testid': button.testId,
  };
  if (button.target === 'capture') {
    return (
      <a href={captureBase} target="_blank" rel="noopener noreferrer" {...common}>
        <Icon name={button.icon} size={20} />
      </a>
    );
  }
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

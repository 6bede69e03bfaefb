// The user's part of the header: who is signed in, Settings (the dialog), Extensions, Logout.
import { useState } from 'react';
import { useAtomValue, useSetAtom } from 'jotai';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { routes } from '../../app/paths';
import { Icon } from '../../components/Icon';
import { configAtom } from '../../state/environment';
import { NotificationsMenu } from '../notifications/NotificationsMenu';
import { sessionAtom } from '../../state/session';
import { logoutAtom } from '../../state/sessionActions';
import { settingsDialogOpenAtom } from '../../state/settingsDialog';

export function UserControls() {
  const { t } = useTranslation();
  const session = useAtomValue(sessionAtom);
  const config = useAtomValue(configAtom);
  const logout = useSetAtom(logoutAtom);
  const openSettings = useSetAtom(settingsDialogOpenAtom);
  const [leaving, setLeaving] = useState(false);
  const username = session?.username || t('header.unknownUser');

  // The licence goes back to the server; the guard of the signed-in screens then moves on.
  const signOut = () => {
    setLeaving(true);
    void logout();
  };

  return (
    <div className="user-controls" role="group" aria-label={t('header.userMenu')}>
      <span className="user-chip" data-testid="header-username" title={username}>
        <Icon name="user" />
        <span className="user-chip__name">{username}</span>
      </span>
      <NotificationsMenu />
      <button
        type="button"
        className="header-button"
        aria-label={t('header.settings')}
        title={t('header.settings')}
        aria-haspopup="dialog"
        onClick={() => openSettings(true)}
        data-testid="header-settings"
      >
        <Icon name="settings" size={20} />
      </button>
      {!config.hide.extensions && (
        <Link
          to={routes.extensions}
          className="header-button"
          aria-label={t('header.extensions')}
          title={t('header.extensions')}
          data-testid="header-extensions"
        >
          <Icon name="extensions" size={20} />
        </Link>
      )}
      <button
        type="button"
        className="header-button"
        aria-label={t('header.logout')}
        title={t('header.logout')}
        onClick={signOut}
        disabled={leaving}
        data-testid="header-logout"
      >
        <Icon name="logout" size={20} />
      </button>
    </div>
  );
}

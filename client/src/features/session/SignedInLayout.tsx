// Frame of every signed-in screen: the header above, the screen below.
import { Outlet } from 'react-router';
import { AppHeader } from '../header/AppHeader';
import { SettingsDialogHost } from '../settings/SettingsDialogHost';

export function SignedInLayout() {
  return (
    <div className="app-shell">
      <AppHeader />
      <main id="main" className="app-main" tabIndex={-1}>
        <Outlet />
      </main>
      <SettingsDialogHost />
    </div>
  );
}

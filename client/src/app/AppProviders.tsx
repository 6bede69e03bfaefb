// Store and translation providers shared by the app and the component tests.
import type { ReactNode } from 'react';
import type { i18n as I18n } from 'i18next';
import { Provider } from 'jotai';
import { I18nextProvider } from 'react-i18next';
import type { AppStore } from './createAppStore';

export function AppProviders({
  store,
  i18n,
  children,
}: {
  store: AppStore;
  i18n: I18n;
  children: ReactNode;
}) {
  return (
    <I18nextProvider i18n={i18n}>
      <Provider store={store}>{children}</Provider>
    </I18nextProvider>
  );
}

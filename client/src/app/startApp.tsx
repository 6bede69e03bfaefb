// Start-up: storage check (COOKIE_DISABLED), address clean-up (hash routes, token out of the
// address), config.json, store, then the router.
import { StrictMode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { BrowserRouter } from 'react-router';
import { loadConfig } from '../api/config';
import { CookieDisabled } from '../features/session/CookieDisabled';
import { normalizeStartUrl } from '../lib/startUrl';
import { storageAvailable } from '../lib/storage';
import { adoptTokenAtom } from '../state/session';
import { AppProviders } from './AppProviders';
import { createAppStore, type AppStore } from './createAppStore';
import { createI18nLoaded } from './i18n';
import { AppRoutes } from './routes';
import { platformFetch } from '../api/http';

/** The router's basename from Vite's base ("/" -> none, "/square9web/" -> "/square9web"). */
export const routerBasename = (base: string): string | undefined => base.replace(/\/+$/, '') || undefined;

/** Rewrites the visible address (no reload) and hands a carried token to the session. */
export function applyStartUrl(store: AppStore, base: string): void {
  const start = normalizeStartUrl(window.location.href, base);
  if (start.changed) window.history.replaceState(window.history.state, '', start.url);
  if (start.token) store.set(adoptTokenAtom, start.token);
}

export async function startApp(container: HTMLElement): Promise<Root> {
  const base = import.meta.env.BASE_URL;
  const root = createRoot(container);
  if (!storageAvailable()) {
    const i18n = await createI18nLoaded(navigator.language);
    root.render(
      <I18nextProvider i18n={i18n}>
        <CookieDisabled />
      </I18nextProvider>,
    );
    return root;
  }
  const [i18n, config] = await Promise.all([createI18nLoaded(), loadConfig(platformFetch, base)]);
  const { store } = createAppStore({ config });
  applyStartUrl(store, base);
  root.render(
    <StrictMode>
      <AppProviders store={store} i18n={i18n}>
        <BrowserRouter basename={routerBasename(base)}>
          <AppRoutes />
        </BrowserRouter>
      </AppProviders>
    </StrictMode>,
  );
  return root;
}

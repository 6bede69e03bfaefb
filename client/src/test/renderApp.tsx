// Renders the real route table at a given address, with a fake server and optional session.
import { render } from '@testing-library/react';
import { BrowserRouter } from 'react-router';
import type { ClientConfig } from '@gs/contract/config';
import { DEFAULT_CONFIG } from '../api/config';
import { AppProviders } from '../app/AppProviders';
import { createAppStore } from '../app/createAppStore';
import { createI18n } from '../app/i18n';
import { AppRoutes } from '../app/routes';
import { applyStartUrl } from '../app/startApp';
import { writeStoredSession, type Session } from '../state/persistedSession';

export interface RenderAppOptions {
  url?: string;
  fetch: typeof fetch;
  config?: Partial<Omit<ClientConfig, 'hide'>> & { hide?: Partial<ClientConfig['hide']> };
  session?: Session;
  language?: string;
  /** keep-alive period; long by default so it stays out of the way */
  keepAliveMs?: number;
}

export function renderApp(options: RenderAppOptions) {
  if (options.session) writeStoredSession(options.session);
  window.history.replaceState(null, '', options.url ?? '/');
  const config: ClientConfig = {
    ...DEFAULT_CONFIG,
    ...options.config,
    hide: { ...DEFAULT_CONFIG.hide, ...options.config?.hide },
  };
  const { store, http } = createAppStore({ config, fetch: options.fetch });
  applyStartUrl(store, '/');
  const i18n = createI18n(options.language ?? 'en');
  const result = render(
    <AppProviders store={store} i18n={i18n}>
      <BrowserRouter>
        <AppRoutes keepAliveMs={options.keepAliveMs ?? 3_600_000} />
      </BrowserRouter>
    </AppProviders>,
  );
  return { ...result, store, http, i18n };
}

export const currentPath = (): string => `${window.location.pathname}${window.location.search}`;

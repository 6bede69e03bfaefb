// Builds the jotai store of one app instance: configuration, the http client wired to the
// session (token in, licence loss out) and the session and database remembered from last time.
import { createStore } from 'jotai';
import type { ClientConfig } from '@gs/contract/config';
import { createHttp, type Http } from '../api/http';
import { captureHttpAtom, configAtom, httpAtom } from '../state/environment';
import { readStoredDatabase, selectedDatabaseAtom } from '../state/database';
import { readStoredSession } from '../state/persistedSession';
import { loseSessionAtom, sessionAtom } from '../state/session';

export type AppStore = ReturnType<typeof createStore>;

export interface AppStoreOptions {
  config: ClientConfig;
  fetch?: typeof fetch;
  timeoutMs?: number;
}

export function createAppStore(options: AppStoreOptions): { store: AppStore; http: Http } {
  const store = createStore();
  store.set(configAtom, options.config);
  const http = createHttp({
    getBaseUrl: () => store.get(configAtom).apiBase,
    getToken: () => store.get(sessionAtom)?.token ?? null,
    fetch: options.fetch,
    timeoutMs: options.timeoutMs,
    onLicenseLost: (loss) => store.set(loseSessionAtom, loss),
  });
  store.set(httpAtom, http);
  store.set(
    captureHttpAtom,
    createHttp({
      getBaseUrl: () => store.get(configAtom).captureBase,
      getToken: () => store.get(sessionAtom)?.token ?? null,
      fetch: options.fetch,
      timeoutMs: options.timeoutMs,
      onLicenseLost: (loss) => store.set(loseSessionAtom, loss),
    }),
  );
  store.set(sessionAtom, readStoredSession());
  store.set(selectedDatabaseAtom, readStoredDatabase());
  return { store, http };
}

// The runtime configuration (config.json) and the http client built on it.
import { atom } from 'jotai';
import type { ClientConfig } from '@gs/contract/config';
import { DEFAULT_CONFIG } from '../api/config';
import { ApiError, type Http } from '../api/http';

export const configAtom = atom<ClientConfig>(DEFAULT_CONFIG);

const unconfiguredHttp: Http = {
  request: () => Promise.reject(new ApiError('network', 0, 'The http client is not configured.', '')),
  url: (path) => path,
};

/** Set once at start-up by createAppStore. */
export const httpAtom = atom<Http>(unconfiguredHttp);

/** The http client of the batch capture API (config.json `captureBase`), same token; set by createAppStore. */
export const captureHttpAtom = atom<Http>(unconfiguredHttp);

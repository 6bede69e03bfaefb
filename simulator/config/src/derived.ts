// Values the programs derive from several variables, in one place so that `npm start` and the
// services started alone agree.
import type { SimConfig } from './variables';

/** Where `npm start` serves the client on `port`. */
export const servedOrigins = (port: number): string[] => [
  `http://localhost:${port}`,
  `http://127.0.0.1:${port}`,
];

/** The API's CORS allow-list: CORS_ORIGINS (`*`: anyone, the real server's way), else the served origins. */
export const apiCorsOrigins = (config: SimConfig): '*' | string[] =>
  config.CORS_ORIGINS ?? servedOrigins(config.PORT);

/** The helper's: as the API's, but `*` means the defaults (the helper never answers any page). */
export const helperCorsOrigins = (config: SimConfig, apiPort = config.PORT): string[] => {
  const origins = config.CORS_ORIGINS;
  return origins === undefined || origins === '*' ? servedOrigins(apiPort) : origins;
};

/** The API the helper started alone talks to. */
export const helperApiPath = (config: SimConfig): string =>
  config.HELPER_API_PATH ?? `http://localhost:${config.PORT}/Square9API/`;

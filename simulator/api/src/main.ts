// Runs the Square9API simulator: reads the environment, opens ${DATA_DIR}/simulator.sqlite, listens.
// Run: npx tsx simulator/api/src/main.ts   (PORT, DATA_DIR, HELPER_HTTP_PORT, HELPER_HTTPS_PORT,
// LICENSE_IDLE_MINUTES, PDF_CONVERT_DELAY_SECONDS, UPLOAD_QUOTA_MB, UPLOAD_CACHE_HOURS (config.ts),
// UPLOAD_URL_ALLOW, CLIENT_DIR, SIM_TEST_ENDPOINTS=1, CORS_ORIGINS, SEARCH_READ_WORKERS (decision 038),
// LIST_QUERY_MS (decision 044))
import { HELPER_DEFAULT_HTTP_PORT, HELPER_DEFAULT_HTTPS_PORT } from '@gs/contract/helper';
import {
  DEFAULT_LICENSE_IDLE_MINUTES,
  DEFAULT_PDF_CONVERT_DELAY_MS,
  corsOriginsFromEnv,
  parseAllowList,
} from './config';
import { DEFAULT_SEARCH_WORKERS, startApi } from './server';

const int = (name: string, fallback: number): number => {
  const raw = process.env[name];
  const n = raw === undefined || raw === '' ? fallback : Number(raw);
  if (!Number.isFinite(n) || n < 0) throw new Error(`${name} must be a number, got '${raw}'`);
  return n;
};

const api = await startApi({
  port: int('PORT', 8080),
  dataDir: process.env.DATA_DIR || './data',
  clientDir: process.env.CLIENT_DIR || undefined,
  testEndpoints: process.env.SIM_TEST_ENDPOINTS === '1',
  searchWorkers: int('SEARCH_READ_WORKERS', DEFAULT_SEARCH_WORKERS),
  config: {
    licenseIdleMinutes: int('LICENSE_IDLE_MINUTES', DEFAULT_LICENSE_IDLE_MINUTES),
    pdfConvertDelayMs: int('PDF_CONVERT_DELAY_SECONDS', DEFAULT_PDF_CONVERT_DELAY_MS / 1000) * 1000,
    uploadUrlAllow: parseAllowList(process.env.UPLOAD_URL_ALLOW),
    helperHost: process.env.HELPER_HOST || undefined,
    helperHttpPort: int('HELPER_HTTP_PORT', HELPER_DEFAULT_HTTP_PORT),
    helperHttpsPort: int('HELPER_HTTPS_PORT', HELPER_DEFAULT_HTTPS_PORT),
    corsOrigins: corsOriginsFromEnv(process.env.CORS_ORIGINS, int('PORT', 8080)),
  },
});
console.log(`Square9API simulator listening on ${api.url} (API at ${api.url}Square9API/api/)`);

const stop = (): void => {
  api.close().then(
    () => process.exit(0),
    (err: unknown) => {
      console.error(err);
      process.exit(1);
    },
  );
};
process.once('SIGINT', stop);
process.once('SIGTERM', stop);

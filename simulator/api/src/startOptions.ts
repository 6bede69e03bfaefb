// The API's start options from the parsed environment (decision 060), the same for main.ts and
// `npm start` (which then adds its own data folder, client and trainer).
import { apiCorsOrigins } from '@gs/simulator-config/derived';
import type { SimConfig } from '@gs/simulator-config/variables';
import type { StartApiOptions } from './server';

export function apiStartOptions(c: SimConfig): StartApiOptions {
  return {
    port: c.PORT,
    dataDir: c.DATA_DIR,
    clientDir: c.CLIENT_DIR,
    testEndpoints: c.SIM_TEST_ENDPOINTS,
    searchWorkers: c.SEARCH_READ_WORKERS,
    pdfTimeLimitMs: c.PDF_TIME_LIMIT_MS,
    config: {
      licenseIdleMinutes: c.LICENSE_IDLE_MINUTES,
      pdfConvertDelayMs: c.PDF_CONVERT_DELAY_SECONDS * 1000,
      uploadQuotaBytes: c.UPLOAD_QUOTA_MB * 1024 * 1024,
      uploadCacheMs: c.UPLOAD_CACHE_HOURS * 3_600_000,
      uploadMaxBytes: c.SIM_UPLOAD_MAX_BYTES,
      uploadUrlAllow: c.UPLOAD_URL_ALLOW,
      batchStepMs: c.BATCH_STEP_MS,
      listQueryMs: c.LIST_QUERY_MS,
      helperHost: c.HELPER_HOST,
      helperHttpPort: c.HELPER_HTTP_PORT,
      helperHttpsPort: c.HELPER_HTTPS_PORT,
      corsOrigins: apiCorsOrigins(c),
    },
  };
}

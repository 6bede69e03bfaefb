// Runtime settings of the API, and the ClientConfig it serves as /config.json. The environment is
// read once by the entry point (@gs/simulator-config, decision 060); here only typed options.
import { DEFAULT_CLIENT_CONFIG, type ClientConfig } from '@gs/contract/config';
import { HELPER_DEFAULT_HTTP_PORT, HELPER_DEFAULT_HTTPS_PORT } from '@gs/contract/helper';
import { API_ROOT } from '@gs/contract/paths';
import {
  DEFAULT_BATCH_STEP_MS,
  DEFAULT_LICENSE_IDLE_MINUTES,
  DEFAULT_LIST_QUERY_MS,
  DEFAULT_PDF_CONVERT_DELAY_SECONDS,
  DEFAULT_UPLOAD_CACHE_HOURS,
  DEFAULT_UPLOAD_MAX_BYTES,
  DEFAULT_UPLOAD_QUOTA_MB,
} from '@gs/simulator-config/variables';
import type { CorsOrigins } from './http/headers';
import { DEFAULT_BACKOFF, type BackoffLimits } from './http/loginBackoff';
import { DEFAULT_SCRYPT_COST } from './security/services/passwords';

export interface ApiConfig {
  /** a licence unused for longer than this expires and frees its seat */
  licenseIdleMinutes: number;
  /** a document queued for PDF conversion waits this long before the converter takes it */
  pdfConvertDelayMs: number;
  /** origins whose pages may read the API's answers (CORS_ORIGINS); `'*'` anyone */
  corsOrigins: CorsOrigins;
  /** what one user's files in the upload cache may hold together (decision 010) */
  uploadQuotaBytes: number;
  /** an upload-cache file unused for longer than this is removed (decision 010) */
  uploadCacheMs: number;
  /** the back-off after failed password checks (decision 009) */
  loginBackoff: BackoffLimits;
  /**
   * the scrypt cost of an unknown user's password check (its dummy hash): the cost of the users'
   * own hashes, the default; the test worlds hash theirs cheaper (decision 071) and pass their cost
   */
  unknownUserCheckCost: number;
  /** what `GET upload?url=` may fetch besides public addresses: IPs, CIDRs, host names (decision 009) */
  uploadUrlAllow: string[];
  /** how long each batch processing step (Queued → Processing → Processed) takes (decision 028) */
  batchStepMs: number;
  /** how long the query of a `[SQL]` list may run before it is stopped (decision 044) */
  listQueryMs: number;
  /** the largest file one upload may carry (SIM_UPLOAD_MAX_BYTES) */
  uploadMaxBytes: number;
  client: ClientConfig;
}

export interface ApiConfigOptions {
  licenseIdleMinutes?: number;
  pdfConvertDelayMs?: number;
  /** default 1024 MiB */
  uploadQuotaBytes?: number;
  /** default 24 hours */
  uploadCacheMs?: number;
  loginBackoff?: Partial<BackoffLimits>;
  /** default: the default scrypt cost */
  unknownUserCheckCost?: number;
  uploadUrlAllow?: string[];
  /** default 10 s */
  batchStepMs?: number;
  /** default 2 s */
  listQueryMs?: number;
  /** default 200 MiB */
  uploadMaxBytes?: number;
  helperHost?: string;
  helperHttpPort?: number;
  helperHttpsPort?: number;
  /** default none: same-origin pages only (the client served by the API itself) */
  corsOrigins?: CorsOrigins;
  /** anything else of the served ClientConfig (bases, hide flags, external provider) */
  client?: Partial<Omit<ClientConfig, 'helper' | 'hide'>> & { hide?: Partial<ClientConfig['hide']> };
}

export { DEFAULT_LICENSE_IDLE_MINUTES };
export const DEFAULT_PDF_CONVERT_DELAY_MS = DEFAULT_PDF_CONVERT_DELAY_SECONDS * 1000;

export function makeApiConfig(options: ApiConfigOptions = {}): ApiConfig {
  const client: ClientConfig = {
    ...DEFAULT_CLIENT_CONFIG,
    apiBase: API_ROOT,
    ...options.client,
    hide: { ...DEFAULT_CLIENT_CONFIG.hide, ...options.client?.hide },
    helper: {
      host: options.helperHost ?? 'localhost',
      httpPort: options.helperHttpPort ?? HELPER_DEFAULT_HTTP_PORT,
      httpsPort: options.helperHttpsPort ?? HELPER_DEFAULT_HTTPS_PORT,
    },
  };
  return {
    licenseIdleMinutes: options.licenseIdleMinutes ?? DEFAULT_LICENSE_IDLE_MINUTES,
    pdfConvertDelayMs: options.pdfConvertDelayMs ?? DEFAULT_PDF_CONVERT_DELAY_MS,
    corsOrigins: options.corsOrigins ?? [],
    uploadQuotaBytes: options.uploadQuotaBytes ?? DEFAULT_UPLOAD_QUOTA_MB * 1024 * 1024,
    uploadCacheMs: options.uploadCacheMs ?? DEFAULT_UPLOAD_CACHE_HOURS * 3_600_000,
    loginBackoff: { ...DEFAULT_BACKOFF, ...options.loginBackoff },
    unknownUserCheckCost: options.unknownUserCheckCost ?? DEFAULT_SCRYPT_COST,
    uploadUrlAllow: options.uploadUrlAllow ?? [],
    batchStepMs: options.batchStepMs ?? DEFAULT_BATCH_STEP_MS,
    listQueryMs: options.listQueryMs ?? DEFAULT_LIST_QUERY_MS,
    uploadMaxBytes: options.uploadMaxBytes ?? DEFAULT_UPLOAD_MAX_BYTES,
    client,
  };
}

// Runtime settings of the API, and the ClientConfig it serves as /config.json.
import { DEFAULT_CLIENT_CONFIG, type ClientConfig } from '@gs/contract/config';
import { HELPER_DEFAULT_HTTP_PORT, HELPER_DEFAULT_HTTPS_PORT } from '@gs/contract/helper';
import { API_ROOT } from '@gs/contract/paths';
import type { CorsOrigins } from './http/headers';
import { DEFAULT_BACKOFF, type BackoffLimits } from './http/loginBackoff';

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
  /** what `GET upload?url=` may fetch besides public addresses: IPs, CIDRs, host names (decision 009) */
  uploadUrlAllow: string[];
  /** how long each batch processing step (Queued → Processing → Processed) takes (decision 028) */
  batchStepMs: number;
  /** how long the query of a `[SQL]` list may run before it is stopped (decision 044) */
  listQueryMs: number;
  client: ClientConfig;
}

export interface ApiConfigOptions {
  licenseIdleMinutes?: number;
  pdfConvertDelayMs?: number;
  /** default: env UPLOAD_QUOTA_MB, else 1024 MiB */
  uploadQuotaBytes?: number;
  /** default: env UPLOAD_CACHE_HOURS, else 24 hours */
  uploadCacheMs?: number;
  loginBackoff?: Partial<BackoffLimits>;
  uploadUrlAllow?: string[];
  /** default: env BATCH_STEP_MS, else 10 s */
  batchStepMs?: number;
  /** default: env LIST_QUERY_MS, else 2 s */
  listQueryMs?: number;
  helperHost?: string;
  helperHttpPort?: number;
  helperHttpsPort?: number;
  /** default none: same-origin pages only (the client served by the API itself) */
  corsOrigins?: CorsOrigins;
  /** anything else of the served ClientConfig (bases, hide flags, external provider) */
  client?: Partial<Omit<ClientConfig, 'helper' | 'hide'>> & { hide?: Partial<ClientConfig['hide']> };
}

export const DEFAULT_LICENSE_IDLE_MINUTES = 20;
export const DEFAULT_PDF_CONVERT_DELAY_MS = 5000;
export const DEFAULT_UPLOAD_QUOTA_MB = 1024;
export const DEFAULT_UPLOAD_CACHE_HOURS = 24;
export const DEFAULT_BATCH_STEP_MS = 10_000;
export const DEFAULT_LIST_QUERY_MS = 2000;

/** A positive number from the environment, else the fallback (read here so that every way of
 * starting the API, main.ts and scripts/start.ts, honours it). */
function envNumber(name: string, fallback: number): number {
  const n = Number(process.env[name]);
  return process.env[name] && Number.isFinite(n) && n > 0 ? n : fallback;
}

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
    uploadQuotaBytes:
      options.uploadQuotaBytes ?? envNumber('UPLOAD_QUOTA_MB', DEFAULT_UPLOAD_QUOTA_MB) * 1024 * 1024,
    uploadCacheMs:
      options.uploadCacheMs ?? envNumber('UPLOAD_CACHE_HOURS', DEFAULT_UPLOAD_CACHE_HOURS) * 3_600_000,
    loginBackoff: { ...DEFAULT_BACKOFF, ...options.loginBackoff },
    uploadUrlAllow: options.uploadUrlAllow ?? [],
    batchStepMs: options.batchStepMs ?? envNumber('BATCH_STEP_MS', DEFAULT_BATCH_STEP_MS),
    listQueryMs: options.listQueryMs ?? envNumber('LIST_QUERY_MS', DEFAULT_LIST_QUERY_MS),
    client,
  };
}

/** `CORS_ORIGINS` (comma-separated origins, or `*`); unset or empty: where `npm start` serves the
 *  client, http://localhost:{port} and http://127.0.0.1:{port}. Throws on an entry that is no origin. */
export function corsOriginsFromEnv(value: string | undefined, port: number): CorsOrigins {
  const parts = (value ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '');
  if (parts.includes('*')) return '*';
  if (parts.length === 0) return [`http://localhost:${port}`, `http://127.0.0.1:${port}`];
  return parts.map((p) => {
    let origin: string | undefined;
    try {
      origin = new URL(p).origin;
    } catch {
      origin = undefined;
    }
    if (!origin || origin === 'null')
      throw new Error(`CORS_ORIGINS: '${p}' is not an origin like https://host:port.`);
    return origin;
  });
}

/** `UPLOAD_URL_ALLOW=127.0.0.1,10.0.0.0/8,files.local`: the list, blanks dropped. */
export function parseAllowList(raw: string | undefined): string[] {
  return (raw ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
}

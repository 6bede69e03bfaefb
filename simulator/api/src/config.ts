// Runtime settings of the API, and the ClientConfig it serves as /config.json.
import { DEFAULT_CLIENT_CONFIG, type ClientConfig } from '@gs/contract/config';
import { HELPER_DEFAULT_HTTP_PORT, HELPER_DEFAULT_HTTPS_PORT } from '@gs/contract/helper';
import { API_ROOT } from '@gs/contract/paths';
import { DEFAULT_BACKOFF, type BackoffLimits } from './http/loginBackoff';

export interface ApiConfig {
  /** a licence unused for longer than this expires and frees its seat */
  licenseIdleMinutes: number;
  /** a document queued for PDF conversion waits this long before the converter takes it */
  pdfConvertDelayMs: number;
  /** the back-off after failed password checks (decision 009) */
  loginBackoff: BackoffLimits;
  /** what `GET upload?url=` may fetch besides public addresses: IPs, CIDRs, host names (decision 009) */
  uploadUrlAllow: string[];
  client: ClientConfig;
}

export interface ApiConfigOptions {
  licenseIdleMinutes?: number;
  pdfConvertDelayMs?: number;
  loginBackoff?: Partial<BackoffLimits>;
  uploadUrlAllow?: string[];
  helperHost?: string;
  helperHttpPort?: number;
  helperHttpsPort?: number;
  /** anything else of the served ClientConfig (bases, hide flags, external provider) */
  client?: Partial<Omit<ClientConfig, 'helper' | 'hide'>> & { hide?: Partial<ClientConfig['hide']> };
}

export const DEFAULT_LICENSE_IDLE_MINUTES = 20;
export const DEFAULT_PDF_CONVERT_DELAY_MS = 5000;

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
    loginBackoff: { ...DEFAULT_BACKOFF, ...options.loginBackoff },
    uploadUrlAllow: options.uploadUrlAllow ?? [],
    client,
  };
}

/** `UPLOAD_URL_ALLOW=127.0.0.1,10.0.0.0/8,files.local`: the list, blanks dropped. */
export function parseAllowList(raw: string | undefined): string[] {
  return (raw ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
}

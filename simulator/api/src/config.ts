// Runtime settings of the API, and the ClientConfig it serves as /config.json.
import { DEFAULT_CLIENT_CONFIG, type ClientConfig } from '@gs/contract/config';
import { HELPER_DEFAULT_HTTP_PORT, HELPER_DEFAULT_HTTPS_PORT } from '@gs/contract/helper';
import { API_ROOT } from '@gs/contract/paths';

export interface ApiConfig {
  /** a licence unused for longer than this expires and frees its seat */
  licenseIdleMinutes: number;
  /** a document queued for PDF conversion waits this long before the converter takes it */
  pdfConvertDelayMs: number;
  client: ClientConfig;
}

export interface ApiConfigOptions {
  licenseIdleMinutes?: number;
  pdfConvertDelayMs?: number;
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
    client,
  };
}

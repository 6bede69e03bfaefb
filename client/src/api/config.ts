// config.json beside index.html (or served by the simulator): where the API lives and which
// parts of the interface to hide. A missing or broken file means the production defaults.
import { DEFAULT_CLIENT_CONFIG, type ClientConfig } from '@gs/contract/config';

export const DEFAULT_CONFIG: ClientConfig = DEFAULT_CLIENT_CONFIG;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Fills what a partial config.json leaves out from the defaults. */
export function mergeConfig(raw: unknown): ClientConfig {
  if (!isRecord(raw)) return DEFAULT_CONFIG;
  const pick = <T>(value: unknown, fallback: T): T =>
    typeof value === typeof fallback ? (value as T) : fallback;
  const helper = isRecord(raw.helper) ? raw.helper : {};
  const hide = isRecord(raw.hide) ? raw.hide : {};
  const d = DEFAULT_CONFIG;
  return {
    apiBase: pick(raw.apiBase, d.apiBase),
    captureBase: pick(raw.captureBase, d.captureBase),
    viewerBase: pick(raw.viewerBase, d.viewerBase),
    helper: {
      host: pick(helper.host, d.helper.host),
      httpPort: pick(helper.httpPort, d.helper.httpPort),
      httpsPort: pick(helper.httpsPort, d.helper.httpsPort),
    },
    hide: {
      globalCapture: pick(hide.globalCapture, d.hide.globalCapture),
      globalAction: pick(hide.globalAction, d.hide.globalAction),
      quickStart: pick(hide.quickStart, d.hide.quickStart),
      adminMenu: pick(hide.adminMenu, d.hide.adminMenu),
      portalConnections: pick(hide.portalConnections, d.hide.portalConnections),
      batchPortals: pick(hide.batchPortals, d.hide.batchPortals),
      extensions: pick(hide.extensions, d.hide.extensions),
      analytics: pick(hide.analytics, d.hide.analytics),
    },
    externalAuthProvider: pick(raw.externalAuthProvider, d.externalAuthProvider),
    currency:
      typeof raw.currency === 'string' && /^[A-Za-z]{3}$/.test(raw.currency)
        ? raw.currency.toUpperCase()
        : d.currency,
  };
}

/** `baseUrl` is the app's own base (import.meta.env.BASE_URL). */
export async function loadConfig(fetchFn: typeof fetch, baseUrl: string): Promise<ClientConfig> {
  try {
    const response = await fetchFn(new URL('config.json', new URL(baseUrl, document.baseURI)).toString(), {
      headers: { Accept: 'application/json' },
      cache: 'no-store',
    });
    if (!response.ok) throw new Error(`config.json: HTTP ${response.status}`);
    return mergeConfig(await response.json());
  } catch (error) {
    console.warn('Using the default configuration:', error);
    return DEFAULT_CONFIG;
  }
}

// The client's runtime configuration, served as /config.json by the simulator and by any
// static host in production (spec §7 "GET config.json").
export interface ClientConfig {
  /** base of the Square9API, e.g. "/Square9API/api/" or "https://gs.example.com/Square9API/api/" */
  apiBase: string;
  /** base of the batch capture API */
  captureBase: string;
  /** base of the viewer */
  viewerBase: string;
  helper: {
    host: string;
    httpPort: number;
    httpsPort: number;
  };
  /** flags that hide parts of the interface */
  hide: {
    globalCapture: boolean;
    globalAction: boolean;
    quickStart: boolean;
    adminMenu: boolean;
    portalConnections: boolean;
    batchPortals: boolean;
    extensions: boolean;
    /** our addition (decision 039): hides /analytics, for a server without the analytics service
     * (`square9analytics/analytics` beside the Square9API) */
    analytics: boolean;
  };
  /** name of an external authentication provider; logout then goes to its login page */
  externalAuthProvider: string;
  /**
   * our addition (decision 049): the ISO 4217 code of the amounts in "C"-masked decimal fields,
   * the server's currency (the real server formats "C" in its own culture); the interface
   * language changes only how an amount is written, never its currency
   */
  currency: string;
}

/** What a config.json leaves out: the API on the same host, the helper on localhost, nothing hidden. */
export const DEFAULT_CLIENT_CONFIG: ClientConfig = {
  apiBase: '/Square9API/api/',
  captureBase: '/square9capture/',
  viewerBase: '/square9viewer/',
  helper: { host: 'localhost', httpPort: 9080, httpsPort: 9443 },
  hide: {
    globalCapture: false,
    globalAction: false,
    quickStart: false,
    adminMenu: false,
    portalConnections: false,
    batchPortals: false,
    extensions: false,
    analytics: false,
  },
  externalAuthProvider: '',
  currency: 'USD',
};

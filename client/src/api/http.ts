// The one fetch wrapper (house style; decision 064): base URL from config.json, the licence token
// on every call, a 10 s timeout, the caller's AbortSignal, JSON / FormData / Blob bodies, answers as
// JSON, text, a Blob or the Response itself, error envelope -> ApiError, licence-loss detection.
// The only module of client/src that calls the browser's fetch (an ESLint rule holds the rest to it);
// the Extensions helper's clients are Http instances on the helper's address.
import { TOKEN_REQUEST_HEADER } from '@gs/contract/licenses';
import { detectLicenseLoss, type LicenseLoss } from './licenseErrors';

export const REQUEST_TIMEOUT_MS = 10_000;

export type ApiErrorKind = 'http' | 'network' | 'timeout';

export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    readonly kind: ApiErrorKind,
    /** HTTP status; 0 when no response arrived */
    readonly status: number,
    /** the server's `Message` (or its bare JSON string), if it sent one */
    readonly serverMessage: string | null,
    /** raw response body */
    readonly body: string,
    /** set when the response ended the licence; the app is already signing out */
    readonly licenseLoss: LicenseLoss | null = null,
  ) {
    super(serverMessage ?? (kind === 'http' ? `HTTP ${status}` : kind));
  }
}

export type QueryValue = string | number | boolean | undefined;

/** The browser's fetch, the one reference to it in client/src. */
export const platformFetch: typeof fetch = (input, init) => globalThis.fetch(input, init);

/** Waits `ms`, or rejects with an AbortError when `signal` aborts first (polling loops). */
export function pause(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(new DOMException('Aborted', 'AbortError'));
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        reject(new DOMException('Aborted', 'AbortError'));
      },
      { once: true },
    );
  });
}

/** How an answer is read: parsed JSON (default), text, a Blob, or the Response itself (a 202). */
export type ResponseMode = 'json' | 'text' | 'blob' | 'response';

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  query?: Record<string, QueryValue>;
  headers?: Record<string, string>;
  /** JSON unless a FormData or a Blob, sent as is */
  body?: unknown;
  /** how the answer is read (default 'json') */
  as?: ResponseMode;
  /** this call's time limit instead of the client's */
  timeoutMs?: number;
  /** send the session token (default true) */
  auth?: boolean;
  /** report licence loss to the app (default true); off for sign-in and sign-out calls */
  licenseCheck?: boolean;
  signal?: AbortSignal;
  /** reads a JSON answer's text itself (a search page parses its documents lazily) */
  parse?: (text: string) => unknown;
}

export interface HttpOptions {
  /** API base, absolute or relative to the page (config.json `apiBase`) */
  getBaseUrl: () => string;
  getToken: () => string | null;
  fetch?: typeof fetch;
  timeoutMs?: number;
  onLicenseLost?: (loss: LicenseLoss, error: ApiError) => void;
  /** the error of a refused call (default ApiError); the helper's clients throw their own */
  httpError?: (status: number, body: string, loss: LicenseLoss | null) => Error;
  /** the error when nothing answered in time (default ApiError 'network' or 'timeout') */
  networkError?: () => Error;
}

export interface Http {
  request<T>(path: string, options?: RequestOptions): Promise<T>;
  url(path: string, query?: Record<string, QueryValue>): string;
}

/** Reads `Message` (any casing) from a JSON error body, or a bare JSON string. */
export function parseServerMessage(body: string): string | null {
  if (!body.trim()) return null;
  try {
    const parsed: unknown = JSON.parse(body);
    if (typeof parsed === 'string') return parsed;
    if (parsed && typeof parsed === 'object') {
      for (const [key, value] of Object.entries(parsed)) {
        if (key.toLowerCase() === 'message' && typeof value === 'string') return value;
      }
    }
    return null;
  } catch {
    return body.trim().slice(0, 500);
  }
}

const isJson = (response: Response): boolean =>
  /\bjson\b/i.test(response.headers.get('Content-Type') ?? '') && response.status !== 204;

function parseBody(text: string): unknown {
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

export function createHttp(options: HttpOptions): Http {
  const timeoutMs = options.timeoutMs ?? REQUEST_TIMEOUT_MS;
  const doFetch = options.fetch ?? platformFetch;

  const url = (path: string, query?: Record<string, QueryValue>): string => {
    const base = new URL(options.getBaseUrl(), document.baseURI);
    const target = new URL(path.replace(/^\//, ''), base);
    for (const [key, value] of Object.entries(query ?? {})) {
      if (value !== undefined) target.searchParams.set(key, String(value));
    }
    return target.toString();
  };

  async function send(path: string, opts: RequestOptions, token: string | null): Promise<Response> {
    const headers: Record<string, string> = { Accept: 'application/json', ...opts.headers };
    if (token) headers[TOKEN_REQUEST_HEADER] = token;
    let body: BodyInit | undefined;
    if (opts.body instanceof FormData || opts.body instanceof Blob) body = opts.body;
    else if (opts.body !== undefined) {
      headers['Content-Type'] = 'application/json';
      body = JSON.stringify(opts.body);
    }
    const controller = new AbortController();
    const onOuterAbort = () => controller.abort();
    opts.signal?.addEventListener('abort', onOuterAbort);
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, opts.timeoutMs ?? timeoutMs);
    try {
      return await doFetch(url(path, opts.query), {
        method: opts.method ?? 'GET',
        headers,
        body,
        signal: controller.signal,
        credentials: 'same-origin',
      });
    } catch (cause) {
      if (timedOut) throw options.networkError?.() ?? new ApiError('timeout', 0, null, '');
      if (opts.signal?.aborted) throw cause;
      throw options.networkError?.() ?? new ApiError('network', 0, null, '');
    } finally {
      clearTimeout(timer);
      opts.signal?.removeEventListener('abort', onOuterAbort);
    }
  }

  async function request<T>(path: string, opts: RequestOptions = {}): Promise<T> {
    const token = opts.auth === false ? null : options.getToken();
    const response = await send(path, opts, token);
    const mode = opts.as ?? 'json';
    if (response.ok && mode === 'response') return response as T;
    if (response.ok && mode === 'blob') return (await response.blob()) as T;
    if (response.ok && mode === 'text') return (await response.text()) as T;
    if (response.ok && isJson(response) && opts.parse) return opts.parse(await response.text()) as T;
    if (response.ok && isJson(response)) {
      // the browser parses straight from the bytes (no 10 MB string first); an empty body is null
      const value: unknown = await response.json().catch(() => null);
      return value as T;
    }
    const text = await response.text();
    if (response.ok) return parseBody(text) as T;

    const failed = { status: response.status, headers: response.headers, body: text };
    const loss = opts.licenseCheck === false ? null : detectLicenseLoss(failed, token !== null);
    const error = new ApiError('http', response.status, parseServerMessage(text), text, loss);
    if (loss) options.onLicenseLost?.(loss, error);
    throw options.httpError?.(response.status, text, loss) ?? error;
  }

  return { request, url };
}

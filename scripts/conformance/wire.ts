// The kit's side of the wire: Node's fetch against the API base, with Basic and/or a licence token
// as a client sends them (wire §1), keeping every exchange for --record.
import { recordBody, recordHeaders, type RecordedExchange } from './record';

export interface Auth {
  /** send Basic with the kit's user (default true) or these credentials */
  basic?: boolean | { user: string; password: string };
  /** the licence token, as query `Token` (GO) or header `Auth-Token` (QS) */
  token?: string;
  tokenIn?: 'query' | 'header';
}

export interface RequestOptions extends Auth {
  method?: string;
  /** the path template for the recording: `{db}` etc. (defaults to the path) */
  template?: string;
  query?: Record<string, string | number | boolean>;
  headers?: Record<string, string>;
  body?: RequestInit['body'];
  json?: unknown;
  /** headers whose values follow the data: recorded as such */
  dataHeaders?: string[];
  /** keep the exchange out of the recording (the kit's own clean-up) */
  unrecorded?: boolean;
}

export interface Answer {
  status: number;
  headers: Headers;
  bytes: Uint8Array;
  text: string;
  /** the body parsed as JSON when it is JSON (also JSON sent as text/plain) */
  json: unknown;
}

export class Wire {
  readonly exchanges: RecordedExchange[] = [];
  /** every licence token the kit obtained, released when it ends */
  readonly tokens = new Set<string>();
  private checkId = '';
  private labels = new Set<string>();

  constructor(
    readonly base: string,
    readonly user: string,
    private readonly password: string,
  ) {}

  /** Exchanges after this are recorded under the check's id. */
  startCheck(id: string): void {
    this.checkId = id;
    this.labels.clear();
  }

  url(path: string, query: RequestOptions['query'] = {}, base = this.base): URL {
    const url = new URL(path, base.endsWith('/') ? base : `${base}/`);
    for (const [k, v] of Object.entries(query)) url.searchParams.append(k, String(v));
    return url;
  }

  basicHeader(user = this.user, password = this.password): string {
    return `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;
  }

  async call(label: string, path: string, options: RequestOptions = {}, base = this.base): Promise<Answer> {
    const query = { ...options.query };
    const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
    const basic = options.basic ?? true;
    if (basic === true) headers.Authorization = this.basicHeader();
    else if (basic) headers.Authorization = this.basicHeader(basic.user, basic.password);
    if (options.token !== undefined) {
      if (options.tokenIn === 'header') headers['Auth-Token'] = options.token;
      else query.Token = options.token;
    }
    let body = options.body;
    if (options.json !== undefined) {
      body = JSON.stringify(options.json);
      headers['Content-Type'] = 'application/json';
    }
    const method = options.method ?? 'GET';
    const res = await fetch(this.url(path, query, base), { method, headers, body, redirect: 'manual' });
    const bytes = new Uint8Array(await res.arrayBuffer());
    const text = new TextDecoder().decode(bytes);
    const type = res.headers.get('content-type') ?? '';
    let json: unknown;
    if (bytes.length > 0 && /json|text\/plain/i.test(type))
      try {
        json = JSON.parse(text);
      } catch {
        json = undefined;
      }
    if (/^licenses\/?$/i.test(path) && json && typeof json === 'object' && 'Token' in json)
      this.tokens.add(String((json as { Token: unknown }).Token));
    if (options.unrecorded) return { status: res.status, headers: res.headers, bytes, text, json };
    let key = `${this.checkId} ${label}`;
    for (let n = 2; this.labels.has(key); n++) key = `${this.checkId} ${label} #${n}`;
    this.labels.add(key);
    this.exchanges.push({
      key,
      method,
      path: options.template ?? path,
      status: res.status,
      headers: recordHeaders(res.headers, options.dataHeaders ?? []),
      ...recordBody(type, bytes, json),
    });
    return { status: res.status, headers: res.headers, bytes, text, json };
  }
}

// The source server as the seed reads it: GET requests only (it never writes to the source), a
// bounded number at a time, backing off on 429 and 503 as Retry-After asks. Built on the
// conformance kit's Wire (Basic plus the licence token as query Token, wire §1), unrecorded.
import { Wire, type Answer } from '../conformance/wire';

export interface SourceOptions {
  /** the API base, …/Square9API/api/ */
  url: string;
  user: string;
  password: string;
  /** requests in flight at most (default 4: what GO's tree walk uses, wire §3) */
  concurrency?: number;
  /** retries of one request answered 429 or 503 (default 6) */
  retries?: number;
  /** waits between retries (tests shorten it) */
  sleep?: (ms: number) => Promise<void>;
}

/** A part of the source that answered a refusal (401/403/404/405…) instead of data. */
export class Refused extends Error {
  constructor(
    readonly status: number,
    readonly path: string,
    detail: string,
  ) {
    super(`${status} on GET ${path}${detail ? `: ${detail}` : ''}`);
  }
}

/** Seconds (or an HTTP date) of a Retry-After header as milliseconds; undefined when absent. */
export function retryAfterMs(value: string | null, now = Date.now()): number | undefined {
  if (value === null || value.trim() === '') return undefined;
  const seconds = Number(value);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

const wait = (ms: number) => new Promise<void>((done) => setTimeout(done, ms));
const MAX_WAIT_MS = 60_000;

export interface License {
  Username: string;
  Type: number;
  Token: string;
}

export class Source {
  private readonly wire: Wire;
  private readonly limit: number;
  private readonly retries: number;
  private readonly sleep: (ms: number) => Promise<void>;
  private active = 0;
  private readonly queue: (() => void)[] = [];
  private token = '';
  /** counters for the summary */
  requests = 0;
  backoffs = 0;

  constructor(options: SourceOptions) {
    this.wire = new Wire(options.url, options.user, options.password);
    this.limit = Math.max(1, options.concurrency ?? 4);
    this.retries = options.retries ?? 6;
    this.sleep = options.sleep ?? wait;
  }

  /** Take a licence with Basic (wire §2.1); later requests carry its token. */
  async signIn(): Promise<License> {
    const a = await this.send('licenses', {});
    if (a.status !== 200) throw new Refused(a.status, 'licenses', a.text.slice(0, 200));
    const license = a.json as License;
    if (!license || typeof license.Token !== 'string') throw new Error('GET licenses answered no Token');
    this.token = license.Token;
    return license;
  }

  /** Give the licence back (GET licenses/{token}, wire §2.1). */
  async release(): Promise<void> {
    if (!this.token) return;
    await this.send(`licenses/${encodeURIComponent(this.token)}`, {}).catch(() => undefined);
    this.token = '';
  }

  /** GET with the token; retried on 429/503; any status comes back. */
  async get(path: string, query: Record<string, string | number | boolean> = {}): Promise<Answer> {
    return this.send(path, this.token ? { ...query, Token: this.token } : query);
  }

  /** GET that must answer 200 with JSON; anything else is Refused. */
  async json<T>(path: string, query: Record<string, string | number | boolean> = {}): Promise<T> {
    const a = await this.get(path, query);
    if (a.status !== 200 || a.json === undefined) {
      const body = a.json as { Message?: string } | undefined;
      throw new Refused(a.status, path, body?.Message ?? a.text.slice(0, 120));
    }
    return a.json as T;
  }

  /** GET that must answer 200: the body's bytes. */
  async bytes(path: string, query: Record<string, string | number | boolean> = {}): Promise<Uint8Array> {
    const a = await this.get(path, query);
    if (a.status !== 200) throw new Refused(a.status, path, a.text.slice(0, 120));
    return a.bytes;
  }

  private async send(path: string, query: Record<string, string | number | boolean>): Promise<Answer> {
    await this.acquire();
    try {
      for (let attempt = 0; ; attempt++) {
        this.requests++;
        const a = await this.wire.call('seed', path, { query, unrecorded: true });
        if ((a.status !== 429 && a.status !== 503) || attempt >= this.retries) return a;
        this.backoffs++;
        const asked = retryAfterMs(a.headers.get('retry-after'));
        await this.sleep(Math.min(MAX_WAIT_MS, asked ?? 500 * 2 ** attempt));
      }
    } finally {
      this.release1();
    }
  }

  private acquire(): Promise<void> {
    if (this.active < this.limit) {
      this.active++;
      return Promise.resolve();
    }
    return new Promise((done) => this.queue.push(done));
  }

  private release1(): void {
    const next = this.queue.shift();
    if (next) next();
    else this.active--;
  }
}

/** Run `work` over `items` through the source's limit (all start; the Source queues them). */
export const each = <T, R>(items: readonly T[], work: (item: T) => Promise<R>): Promise<R[]> =>
  Promise.all(items.map(work));

// For the seed's tests: a thin proxy in front of a source that records what the seed asks (method,
// path, query, requests in flight at once) and answers some requests 429 with a Retry-After
// before passing them on, as a busy server would.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Seen {
  method: string;
  path: string;
  query: URLSearchParams;
}

export interface Proxy {
  url: string;
  seen: Seen[];
  /** the most requests in flight at one time */
  maxInFlight(): number;
  /** how many were answered 429 */
  throttled(): number;
  close(): Promise<void>;
}

/** A proxy to `target` (an API base); every `throttleEvery`-th request is first answered 429. */
export async function recordingProxy(target: string, throttleEvery = 0): Promise<Proxy> {
  const seen: Seen[] = [];
  let inFlight = 0;
  let most = 0;
  let count = 0;
  let throttled = 0;
  const base = new URL(target);
  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', base);
    seen.push({ method: req.method ?? '', path: url.pathname, query: url.searchParams });
    count++;
    if (throttleEvery > 0 && count % throttleEvery === 0) {
      throttled++;
      res.writeHead(429, { 'Retry-After': '0', 'Content-Type': 'application/json' });
      return void res.end('{"Message":"Too many requests."}');
    }
    inFlight++;
    most = Math.max(most, inFlight);
    try {
      const answer = await fetch(new URL(`${url.pathname}${url.search}`, base), {
        method: req.method,
        headers: { authorization: req.headers.authorization ?? '', accept: 'application/json' },
      });
      const body = Buffer.from(await answer.arrayBuffer());
      res.writeHead(answer.status, {
        'Content-Type': answer.headers.get('content-type') ?? 'application/octet-stream',
      });
      res.end(body);
    } finally {
      inFlight--;
    }
  };
  const server = createServer((req, res) => {
    handle(req, res).catch(() => {
      res.writeHead(502);
      res.end();
    });
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}${base.pathname}`,
    seen,
    maxInFlight: () => most,
    throttled: () => throttled,
    close: () => new Promise((done) => server.close(() => done())),
  };
}

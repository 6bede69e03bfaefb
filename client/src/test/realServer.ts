// The client tests' server where they need server state (issue 29 item 5, decision 082): the
// simulator's real app in process (simulator/api/src/testing/inProcess.ts) on a fresh copy of the
// API tests' world, behind a fetch for the client's one fetch wrapper. No port and no process: each
// request is handed to the Express app in memory. Every call is recorded as a FakeRequest; a few
// `overrides` (fakeServer.ts routes) answer what a real server cannot be made to answer on cue (a
// 500, a lost licence, a hang). The only client module that imports the simulator (eslint.config.js).
import { onTestFinished } from 'vitest';
import {
  clientWorldServer,
  type ClientWorld,
  type ClientWorldOptions,
} from '@gs/simulator-api/testing/inProcess';
import type { License } from '@gs/contract/licenses';
import type { Session } from '../state/persistedSession';
import {
  answerOf,
  fakeRequest,
  routeTable,
  type FakeAnswer,
  type FakeHandler,
  type FakeRequest,
} from './fakeServer';

export type { ClientWorld };
/** real file bytes to upload: a PDF or TIFF of empty pages, a one-page scan with its printed words */
export { pdfOf, tiffOf, scanWithWords } from '@gs/simulator-api/testing/inProcess';

/** The world's users' password (testing/testApp.ts). */
export const PASSWORD = 'Demo@1234';

const NULL_BODY = new Set([101, 204, 205, 304]);

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface RealServer {
  /** the fetch to give renderApp */
  fetch: typeof fetch;
  /** every request the client made, in order */
  requests: FakeRequest[];
  /** the ids of the world's users, databases, archives, inboxes and searches */
  w: ClientWorld;
  /** signs `login` in for real and returns the session the client would keep */
  signIn(login: string, password?: string): Promise<Session>;
  /** a call to the API as `login` (Basic) to set up or check state, not recorded */
  call<T = unknown>(login: string, method: Method, path: string, body?: unknown): Promise<T>;
  /**
   * puts files into `login`'s upload cache as the client does (POST files, multipart), unrecorded;
   * their cache names, in order
   */
  upload(login: string, files: { name: string; bytes: Uint8Array }[]): Promise<string[]>;
  /** what the app answers to a request (an override that holds a request, then lets it through) */
  forward(request: FakeRequest): Promise<Response>;
  /** resolves once every request the client has made so far has been answered */
  idle(): Promise<void>;
  /** a document's Hash (secure id) */
  hashOf(database: number, document: number): string;
  /** moves the server's clock */
  advance(ms: number): void;
}

const basic = (login: string, password: string): string => `Basic ${btoa(`${login}:${password}`)}`;

function abortError(): DOMException {
  return new DOMException('The operation was aborted.', 'AbortError');
}

type Overrides = Record<string, FakeHandler | FakeAnswer>;

export function realServer(
  // a function of the world's ids when a route names one of them
  options: ClientWorldOptions & { overrides?: Overrides | ((w: ClientWorld) => Overrides) } = {},
): RealServer {
  const server = clientWorldServer(options);
  let closed = false;
  const { overrides = {} } = options;
  const override = routeTable(typeof overrides === 'function' ? overrides(server.w) : overrides);
  const requests: FakeRequest[] = [];
  const inFlight = new Set<Promise<unknown>>();
  const idle = async () => {
    while (inFlight.size) await Promise.all(inFlight);
  };
  // the data folder goes once the requests still in flight are answered (a held one: 2 s at most)
  onTestFinished(async () => {
    closed = true;
    await Promise.race([idle(), new Promise((resolve) => setTimeout(resolve, 2000))]);
    server.close();
  });

  async function toApp(url: URL, init: RequestInit = {}): Promise<Response> {
    // the body as the browser would send it: FormData as multipart with its boundary
    const outgoing = new Request(url, {
      method: init.method ?? 'GET',
      headers: init.headers,
      body: init.body,
    });
    const body = init.body == null ? null : new Uint8Array(await outgoing.arrayBuffer());
    const headers: [string, string][] = [...outgoing.headers];
    headers.push(['host', url.host]);
    const reply = await server.dispatch({
      method: outgoing.method,
      url: `${url.pathname}${url.search}`,
      headers,
      body,
    });
    return new Response(NULL_BODY.has(reply.status) ? null : reply.body, {
      status: reply.status,
      headers: reply.headers,
    });
  }

  const fetchInProcess = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const request = fakeRequest(input, init);
    requests.push(request);
    const signal = init?.signal;
    if (signal?.aborted) throw abortError();
    // the test is over: what the screen still asks for fails as with the server gone
    if (closed) throw new TypeError('Failed to fetch');
    const handler = override(request);
    const answer = handler ? answerOf(handler, request) : toApp(request.url, init);
    const settled: Promise<boolean> = answer.then(
      () => inFlight.delete(settled),
      () => inFlight.delete(settled),
    );
    inFlight.add(settled);
    if (!signal) return answer;
    return new Promise<Response>((resolve, reject) => {
      signal.addEventListener('abort', () => reject(abortError()), { once: true });
      answer.then(resolve, reject);
    });
  };

  const api = (path: string) => new URL(`/Square9API/api/${path}`, window.location.href);

  async function call<T>(login: string, method: Method, path: string, body?: unknown): Promise<T> {
    const response = await toApp(api(path), {
      method,
      headers: {
        Authorization: basic(login, PASSWORD),
        Accept: 'application/json',
        ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`${method} ${path} as ${login}: ${response.status} ${text}`);
    return (text ? JSON.parse(text) : null) as T;
  }

  async function upload(login: string, files: { name: string; bytes: Uint8Array }[]): Promise<string[]> {
    // multipart by hand: jsdom's FormData and Blob are not the ones the fetch Request encodes
    const boundary = '----realServerUpload';
    const text = new TextEncoder();
    const parts = files.flatMap((file) => [
      text.encode(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\n` +
          'Content-Type: application/octet-stream\r\n\r\n',
      ),
      file.bytes,
      text.encode('\r\n'),
    ]);
    parts.push(text.encode(`--${boundary}--\r\n`));
    const body = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
    parts.reduce((at, p) => (body.set(p, at), at + p.length), 0);
    const response = await toApp(api('files'), {
      method: 'POST',
      headers: {
        Authorization: basic(login, PASSWORD),
        'Content-Type': `multipart/form-data; boundary=${boundary}`,
      },
      body,
    });
    const answer = await response.text();
    if (!response.ok) throw new Error(`upload as ${login}: ${response.status} ${answer}`);
    return (JSON.parse(answer) as { files: { name: string }[] }).files.map((f) => f.name);
  }

  async function signIn(login: string, password = PASSWORD): Promise<Session> {
    const response = await toApp(api('licenses'), { headers: { Authorization: basic(login, password) } });
    if (!response.ok) throw new Error(`sign-in of ${login}: ${response.status} ${await response.text()}`);
    const license = (await response.json()) as License;
    return { token: license.Token, username: license.Username, licenseType: license.Type, since: 1 };
  }

  return {
    fetch: fetchInProcess,
    requests,
    w: server.w,
    signIn,
    call,
    upload,
    idle,
    hashOf: server.hashOf,
    forward: (request) =>
      toApp(request.url, {
        method: request.method,
        headers: request.headers,
        ...(request.body === null ? {} : { body: request.body }),
      }),
    advance: server.advance,
  };
}

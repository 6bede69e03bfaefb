// A fake fetch for tests: routes like "GET dbs" or "GET admin?function=isAdminAll" (paths
// relative to the API base, matched case-insensitively, listed query keys must match), every
// call recorded. Unknown routes answer 404 with the ASP.NET Message, as the server would.
import { vi } from 'vitest';
import { API_ROOT } from '@gs/contract/paths';

export interface FakeRequest {
  method: string;
  url: URL;
  /** path below the API base, e.g. "dbs/1/archives" */
  path: string;
  headers: Headers;
  body: string | null;
}

/** A Response, or a value sent as 200 JSON. */
export type FakeAnswer = Response | object | string | number | boolean | null;
export type FakeHandler = (request: FakeRequest) => FakeAnswer | Promise<FakeAnswer>;

export const json = (body: unknown, status = 200, headers: Record<string, string> = {}): Response =>
  new Response(body === undefined ? '' : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json; charset=utf-8', ...headers },
  });

interface Route {
  method: string;
  path: string;
  query: URLSearchParams;
  handler: FakeHandler;
}

function parseRoute(key: string, handler: FakeHandler): Route {
  const [method = 'GET', target = ''] = key.split(' ');
  const [path = '', query = ''] = target.split('?');
  return {
    method: method.toUpperCase(),
    path: path.toLowerCase(),
    query: new URLSearchParams(query),
    handler,
  };
}

function matches(route: Route, request: FakeRequest): boolean {
  if (route.method !== request.method || route.path !== request.path.toLowerCase()) return false;
  for (const [key, value] of route.query) {
    const actual = [...request.url.searchParams].find(([k]) => k.toLowerCase() === key.toLowerCase());
    if (!actual || actual[1] !== value) return false;
  }
  return true;
}

/** The handler of the first route (most specific first) that matches a request, if any. */
export function routeTable(
  routes: Record<string, FakeHandler | FakeAnswer>,
): (request: FakeRequest) => FakeHandler | undefined {
  const table = Object.entries(routes)
    .map(([key, value]) =>
      parseRoute(key, typeof value === 'function' ? (value as FakeHandler) : () => value),
    )
    // Most specific first: routes with query conditions win over the bare path.
    .sort((a, b) => [...b.query].length - [...a.query].length);
  return (request) => table.find((r) => matches(r, request))?.handler;
}

/** A fetch call as a FakeRequest (the path below the API base). */
export function fakeRequest(input: RequestInfo | URL, init?: RequestInit): FakeRequest {
  const url = new URL(String(input instanceof Request ? input.url : input), window.location.href);
  const apiAt = url.pathname.toLowerCase().indexOf(API_ROOT.toLowerCase());
  return {
    method: (init?.method ?? 'GET').toUpperCase(),
    url,
    path: apiAt >= 0 ? url.pathname.slice(apiAt + API_ROOT.length) : url.pathname,
    headers: new Headers(init?.headers),
    body: typeof init?.body === 'string' ? init.body : null,
  };
}

/** A handler's answer as a Response. */
export const answerOf = async (handler: FakeHandler, request: FakeRequest): Promise<Response> => {
  const answer = await handler(request);
  return answer instanceof Response ? answer : json(answer);
};

export function createFakeServer(routes: Record<string, FakeHandler | FakeAnswer>) {
  const find = routeTable(routes);
  const requests: FakeRequest[] = [];

  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const request = fakeRequest(input, init);
    requests.push(request);
    const handler = find(request);
    if (!handler)
      return json(
        { Message: `No HTTP resource was found that matches the request URI '${request.url}'.` },
        404,
      );
    return answerOf(handler, request);
  });

  return { fetch: fetchMock as unknown as typeof globalThis.fetch, fetchMock, requests };
}

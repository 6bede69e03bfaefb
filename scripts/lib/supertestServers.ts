// supertest for the simulator's unit tests (vitest.config.ts aliases `supertest` to this file in
// the `simulator` project, decision 086). supertest given an app (a request listener) starts an HTTP
// server for each request, on a new port, and closes it after: a listen, a connection and a close
// per request, about half of a request's CPU time. Here each app gets one server on the loopback,
// started on its first request and closed after the test (unitSupertestSetup.ts), and its requests
// go over kept-alive connections. Every request is still real HTTP through the whole Express app.
// The first request of an app finds its server not yet listening (binding is asynchronous) and
// goes the usual way; servers, `request.agent` and http2 are left to supertest as they are.
import { Agent, createServer, type RequestListener, type Server } from 'node:http';
import { createRequire } from 'node:module';
import type supertestType from 'supertest';

// node's own require, which the alias does not reach
const supertest = createRequire(import.meta.url)('supertest') as typeof supertestType;

const servers = new WeakMap<RequestListener, Server>();
/** the servers started here and not yet closed, with their apps */
const open = new Map<Server, RequestListener>();
let agent = new Agent({ keepAlive: true });

/** The app's listening server, or undefined while it is being started. */
function listeningServer(app: RequestListener): Server | undefined {
  const server = servers.get(app);
  if (server) return server.address() ? server : undefined;
  const started = createServer(app);
  // idle connections stay until the test ends: none is closed under a request reusing it
  started.keepAliveTimeout = 10 * 60_000;
  started.on('error', () => servers.delete(app));
  started.listen(0, '127.0.0.1');
  servers.set(app, started);
  open.set(started, app);
  return undefined;
}

type Requester = ReturnType<typeof supertestType>;

function request(...args: Parameters<typeof supertestType>): Requester {
  const [app, options] = args;
  if (typeof app !== 'function' || options?.http2) return supertest(...args);
  const server = listeningServer(app as RequestListener);
  if (!server) return supertest(...args);
  const requester = supertest(server, options);
  const shared = agent;
  for (const [method, start] of Object.entries(requester) as [keyof Requester, Requester['get']][])
    requester[method] = ((url: string) => start(url).agent(shared)) as Requester['get'];
  return requester;
}

/** Close every server started here and drop the kept-alive connections (after each test). */
export async function closeServers(): Promise<void> {
  const closing = [...open].map(
    ([server, app]) =>
      new Promise<void>((done) => {
        servers.delete(app);
        server.closeAllConnections();
        server.close(() => done());
      }),
  );
  open.clear();
  agent.destroy();
  agent = new Agent({ keepAlive: true });
  await Promise.all(closing);
}

export default Object.assign(request, {
  agent: supertest.agent,
  Test: supertest.Test,
  cookies: (supertest as unknown as { cookies: unknown }).cookies,
});

// Starts the helper on its http and https ports; used by main.ts and by the start script.
import { createServer as createHttpServer, type Server } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { createHelperApp } from './app';
import { loadOrCreateCertificate } from './certificate';
import { createHelperState } from './state';
import { ScanService, type ScannerOptions } from './scanner/service';
import { httpFetcher } from './launch/fetcher';
import { signIn } from './signIn';

export interface HelperServerOptions {
  dataDir: string;
  httpPort: number;
  httpsPort: number;
  /** the Square9API address the helper talks to, e.g. http://localhost:8080/Square9API/ */
  apiPath: string;
  host?: string;
  /** POST /api/scan/test/fault (HELPER_TEST_ENDPOINTS=1) */
  testEndpoints?: boolean;
  scanner?: ScannerOptions;
  /** credentials the helper signs in with at start; `false` skips the sign-in (tests, bench) */
  signIn?: { user: string; password: string } | false;
}

export interface RunningHelper {
  httpUrl: string;
  httpsUrl: string;
  close(): Promise<void>;
}

const listen = (server: Server, port: number, host: string) =>
  new Promise<number>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve((server.address() as AddressInfo).port));
  });

const closeServer = (server: Server) =>
  new Promise<void>((resolve) => {
    server.close(() => resolve());
    server.closeAllConnections();
  });

export async function startHelper(options: HelperServerOptions): Promise<RunningHelper> {
  const dir = join(options.dataDir, 'helper');
  const host = options.host ?? '127.0.0.1';
  const state = createHelperState(join(dir, 'settings.json'), {
    apiPath: options.apiPath,
    installed: ['Scanning', 'ImportExport', 'BulkUpdate', 'Launch'],
  });
  const app = createHelperApp({
    state,
    scanner: new ScanService(options.scanner),
    testEndpoints: options.testEndpoints,
    launch: {
      outboxDir: join(options.dataDir, 'outbox'),
      tableFile: join(dir, 'launch-table.json'),
      fetcher: httpFetcher(() => state.get().apiPath),
    },
    bulk: {
      dataDir: join(options.dataDir, 'helper-data'),
      apiPath: () => state.get().apiPath,
      credentials:
        options.signIn === false
          ? undefined
          : (options.signIn ?? { user: 'SSAdministrator', password: 'Demo@1234' }),
    },
  });
  const certificate = await loadOrCreateCertificate(dir, new Date());
  const http = createHttpServer(app);
  const https = createHttpsServer(certificate, app);
  const httpPort = await listen(http, options.httpPort, host);
  const httpsPort = await listen(https, options.httpsPort, host);
  const credentials = options.signIn ?? { user: 'SSAdministrator', password: 'Demo@1234' };
  // in the background: an unreachable API never holds up or fails the start
  if (credentials) void signIn({ apiPath: state.get().apiPath, ...credentials });
  return {
    httpUrl: `http://localhost:${httpPort}`,
    httpsUrl: `https://localhost:${httpsPort}`,
    close: async () => {
      await Promise.all([closeServer(http), closeServer(https)]);
    },
  };
}

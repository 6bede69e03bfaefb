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
import { defaultOrigins } from './cors';
import { apiTarget } from './routes/management';
import { answerClientErrors } from './clientErrors';
import { consoleLog, type HelperLog } from './errors';
import { uploadStoreOf } from './bulk/context';
import { uploadLimits, type UploadLimits } from './bulk/uploads';

/** How often the running helper removes expired uploads (besides at each upload). */
const UPLOAD_SWEEP_EVERY_MS = 10 * 60_000;

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
  /** credentials the tray sign-in at start uses, against `apiPath` only; `false` skips it (tests,
   *  bench). They never serve a request. */
  signIn?: { user: string; password: string } | false;
  /** origins whose pages may call the helper (CORS_ORIGINS); default: http://localhost and
   *  http://127.0.0.1 on the port of `apiPath`, where `npm start` serves the client */
  allowedOrigins?: readonly string[];
  /** API addresses UpdateApi may switch to; default `[apiPath]` */
  apiTargets?: readonly string[];
  /** Host names the helper answers to besides localhost, 127.0.0.1 and [::1] (HELPER_HOSTS) */
  allowedHosts?: readonly string[];
  /** where refused requests (one line) and 5xx (with the stack) are logged; default the console */
  log?: HelperLog;
  /** the users' upload quota and expiry (UPLOAD_QUOTA_MB, UPLOAD_CACHE_HOURS); default 1 GiB, 24 hours */
  uploads?: UploadLimits;
}

export interface RunningHelper {
  httpUrl: string;
  httpsUrl: string;
  /** the scanner simulator (a training room sets its fault schedule) */
  scanner: ScanService;
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
  const apiTargets = [options.apiPath, ...(options.apiTargets ?? [])];
  // a settings file pointing elsewhere than an allowed address (an old UpdateApi) is not trusted
  const targets = new Set(apiTargets.map(apiTarget));
  if (!targets.has(apiTarget(state.get().apiPath))) state.update({ apiPath: options.apiPath });
  const scanner = new ScanService(options.scanner);
  const bulkDir = join(options.dataDir, 'helper-data');
  const uploads = options.uploads ?? uploadLimits();
  const app = createHelperApp({
    state,
    allowedOrigins: options.allowedOrigins ?? defaultOrigins(Number(new URL(options.apiPath).port || 80)),
    apiTargets,
    allowedHosts: options.allowedHosts,
    log: options.log,
    scanner,
    testEndpoints: options.testEndpoints,
    launch: {
      outboxDir: join(options.dataDir, 'outbox'),
      tableFile: join(dir, 'launch-table.json'),
      fetcher: httpFetcher(() => state.get().apiPath),
    },
    bulk: {
      dataDir: bulkDir,
      apiPath: () => state.get().apiPath,
      uploads,
    },
  });
  const certificate = await loadOrCreateCertificate(dir, new Date());
  const http = createHttpServer(app);
  const https = createHttpsServer(certificate, app);
  answerClientErrors(http, options.log);
  answerClientErrors(https, options.log);
  const httpPort = await listen(http, options.httpPort, host);
  const httpsPort = await listen(https, options.httpsPort, host);
  const credentials = options.signIn ?? { user: 'SSAdministrator', password: 'Demo@1234' };
  // in the background: an unreachable API never holds up or fails the start; only ever the address
  // the helper was started with, never one a request chose
  if (credentials) void signIn({ apiPath: options.apiPath, ...credentials });
  // expired uploads go at start and every ten minutes, also when nobody uploads
  const store = uploadStoreOf(bulkDir, uploads);
  const sweep = () =>
    void store.sweep().catch((err: unknown) => (options.log ?? consoleLog)('upload sweep failed', err));
  sweep();
  const sweeper = setInterval(sweep, UPLOAD_SWEEP_EVERY_MS);
  sweeper.unref();
  return {
    httpUrl: `http://localhost:${httpPort}`,
    httpsUrl: `https://localhost:${httpsPort}`,
    scanner,
    close: async () => {
      clearInterval(sweeper);
      await Promise.all([closeServer(http), closeServer(https)]);
    },
  };
}

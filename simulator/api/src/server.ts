// Start the API in-process: open the data folder's database, listen, and hand back a closer.
// main.ts uses it; so can a start script that runs several services in one process.
import { mkdirSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join, resolve } from 'node:path';
import { DEFAULT_SEARCH_READ_WORKERS } from '@gs/simulator-config/variables';
import type { ApiConfigOptions } from './config';
import { answerClientErrors } from './http/clientErrors';
import { openLiveData, type LiveData } from './rooms/liveData';
import { setPdfTimeLimit } from './pdf/services/pdfWorkers';
import { createOffsetClock } from './testClock';
import { createTrainerApp, isTrainerPath, trainerOff } from './trainer/trainerApp';
import type { TrainerRoom } from './trainer/room';

export interface StartApiOptions {
  /** 0 picks a free port */
  port: number;
  host?: string;
  dataDir: string;
  config?: ApiConfigOptions;
  clientDir?: string;
  testEndpoints?: boolean;
  /** the trainer page at /trainer (TRAINER_PASSWORD); without it /trainer is a 404 (decision 034) */
  trainer?: {
    password: string;
    /** the training room on the live data (scenarios, resets, the helper) */
    room: (live: LiveData) => TrainerRoom;
  };
  /** search reads on this many worker threads (decision 038; default 2); 0: on the request thread */
  searchWorkers?: number;
  /** how long one PDF job may run (decision 036): the process's one PDF pool, default 15 s */
  pdfTimeLimitMs?: number;
}

/** IIS's default connection timeout: how long an idle kept-alive connection stays open. */
export const IDLE_CONNECTION_MS = 120_000;

/** Search reader threads (decision 038): the machine the simulator targets has two cores. */
export const DEFAULT_SEARCH_WORKERS = DEFAULT_SEARCH_READ_WORKERS;

export interface RunningApi {
  url: string;
  port: number;
  /** the live data (a training room swaps it) */
  live: LiveData;
  close(): Promise<void>;
}

export async function startApi(options: StartApiOptions): Promise<RunningApi> {
  const dataDir = resolve(options.dataDir);
  if (options.pdfTimeLimitMs !== undefined) setPdfTimeLimit(options.pdfTimeLimitMs);
  for (const dir of [dataDir, join(dataDir, 'files'), join(dataDir, 'inboxes')])
    mkdirSync(dir, { recursive: true });
  const live = openLiveData({
    dataDir,
    // an offset clock so /__sim/clock and the trainer can move it; otherwise it is just the time
    clock: createOffsetClock(),
    config: options.config,
    clientDir: options.clientDir,
    testEndpoints: options.testEndpoints,
    searchWorkers: options.searchWorkers ?? DEFAULT_SEARCH_WORKERS,
  });
  const trainer = options.trainer
    ? createTrainerApp({ password: options.trainer.password, live, room: options.trainer.room(live) })
    : trainerOff;
  const handle = (req: IncomingMessage, res: ServerResponse): void => {
    if (isTrainerPath(req.url)) trainer(req, res);
    else live.handle(req, res);
  };
  const server = createServer(handle);
  // idle kept-alive connections stay open two minutes, as IIS (the real server's host) keeps them,
  // not Node's 5 s: a client that reuses a connection after a pause of a few seconds (a person
  // reading a page, a test between steps) no longer races the server closing it (ECONNRESET)
  server.keepAliveTimeout = IDLE_CONNECTION_MS;
  // the time allowed for a request's headers must outlast an idle connection (Node's advice)
  server.headersTimeout = IDLE_CONNECTION_MS + 1000;
  answerClientErrors(server);
  server.listen(options.port, options.host ?? '0.0.0.0');
  await new Promise<void>((done, fail) => {
    server.once('listening', done);
    server.once('error', fail);
  });
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://localhost:${port}/`,
    port,
    live,
    close: () =>
      new Promise<void>((done, fail) => {
        server.closeAllConnections();
        server.close((err) => {
          void live.close().finally(() => {
            if (err) fail(err);
            else done();
          });
        });
      }),
  };
}

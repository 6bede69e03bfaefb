// Start the API in-process: open the data folder's database, listen, and hand back a closer.
// main.ts uses it; so can a start script that runs several services in one process.
import { mkdirSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { join, resolve } from 'node:path';
import { createSimulator } from './app';
import type { ApiConfigOptions } from './config';
import { openDatabase } from './db/connection';
import { startWalCheckpointer } from './db/walCheckpointer';
import { answerClientErrors } from './http/clientErrors';
import { createOffsetClock } from './testClock';
import { createSearchReadPool } from './services/search/searchReadPool';

export interface StartApiOptions {
  /** 0 picks a free port */
  port: number;
  host?: string;
  dataDir: string;
  config?: ApiConfigOptions;
  clientDir?: string;
  testEndpoints?: boolean;
  /** search reads on this many worker threads (decision 038; default 2); 0: on the request thread */
  searchWorkers?: number;
}

/** Search reader threads (decision 038): the machine the simulator targets has two cores. */
export const DEFAULT_SEARCH_WORKERS = 2;

/** How often the background PDF converter looks for due documents. */
const PDF_POLL_MS = 1000;
/** How often expired upload-cache files are removed even when nobody uploads (decision 010). */
const UPLOAD_SWEEP_MS = 10 * 60_000;

export interface RunningApi {
  url: string;
  port: number;
  close(): Promise<void>;
}

export async function startApi(options: StartApiOptions): Promise<RunningApi> {
  const dataDir = resolve(options.dataDir);
  for (const dir of [dataDir, join(dataDir, 'files'), join(dataDir, 'inboxes')])
    mkdirSync(dir, { recursive: true });
  const dbFile = join(dataDir, 'simulator.sqlite');
  const db = openDatabase(dbFile);
  const checkpointer = startWalCheckpointer(db, dbFile);
  const workers = options.searchWorkers ?? DEFAULT_SEARCH_WORKERS;
  const searchReads = workers > 0 ? createSearchReadPool(dbFile, workers) : undefined;
  const { app, pdfConverter, uploads } = createSimulator({
    db,
    // an offset clock so /__sim/clock can age licences; without test endpoints it is just the time
    clock: createOffsetClock(),
    files: { dataDir },
    config: options.config,
    clientDir: options.clientDir,
    testEndpoints: options.testEndpoints,
    searchReads,
  });
  pdfConverter.start(PDF_POLL_MS);
  const sweeper = setInterval(() => void uploads.sweep().catch(() => undefined), UPLOAD_SWEEP_MS);
  sweeper.unref();
  const host = options.host ?? '0.0.0.0';
  const server = app.listen(options.port, host);
  answerClientErrors(server);
  await new Promise<void>((done, fail) => {
    server.once('listening', done);
    server.once('error', fail);
  });
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://localhost:${port}/`,
    port,
    close: () =>
      new Promise<void>((done, fail) => {
        clearInterval(sweeper);
        server.closeAllConnections();
        server.close((err) => {
          // a conversion under way finishes before the database closes
          void Promise.all([pdfConverter.stop(), checkpointer.stop(), searchReads?.close()]).finally(() => {
            db.close();
            if (err) fail(err);
            else done();
          });
        });
      }),
  };
}

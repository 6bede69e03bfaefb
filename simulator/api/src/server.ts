// Start the API in-process: open the data folder's database, listen, and hand back a closer.
// main.ts uses it; so can a start script that runs several services in one process.
import { mkdirSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { join, resolve } from 'node:path';
import { createApp } from './app';
import type { ApiConfigOptions } from './config';
import { openDatabase } from './db/connection';
import { createOffsetClock } from './testClock';

export interface StartApiOptions {
  /** 0 picks a free port */
  port: number;
  host?: string;
  dataDir: string;
  config?: ApiConfigOptions;
  clientDir?: string;
  testEndpoints?: boolean;
}

export interface RunningApi {
  url: string;
  port: number;
  close(): Promise<void>;
}

export async function startApi(options: StartApiOptions): Promise<RunningApi> {
  const dataDir = resolve(options.dataDir);
  for (const dir of [dataDir, join(dataDir, 'files'), join(dataDir, 'inboxes')])
    mkdirSync(dir, { recursive: true });
  const db = openDatabase(join(dataDir, 'simulator.sqlite'));
  const app = createApp({
    db,
    // an offset clock so /__sim/clock can age licences; without test endpoints it is just the time
    clock: createOffsetClock(),
    files: { dataDir },
    config: options.config,
    clientDir: options.clientDir,
    testEndpoints: options.testEndpoints,
  });
  const host = options.host ?? '0.0.0.0';
  const server = app.listen(options.port, host);
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
        server.closeAllConnections();
        server.close((err) => {
          db.close();
          if (err) fail(err);
          else done();
        });
      }),
  };
}

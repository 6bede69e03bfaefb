// The live data of a running simulator: its database, the app built on it and their background
// work, swappable while the server keeps listening (training rooms, issue 18, decision 033). A swap
// closes the database, lets the caller replace the data folder's content, and reopens; requests
// that arrive meanwhile wait for the new app. Every request reads the current app once: no cost.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { join } from 'node:path';
import { createSimulator, type Simulator } from '../app';
import type { ApiConfigOptions } from '../config';
import { openDatabase, type Db } from '../db/connection';
import { idHighWater, raiseIdHighWater } from '../db/idSequences';
import { createKeptCounts } from '../search/repos/keptCounts';
import { startWalCheckpointer, type WalCheckpointer } from '../db/walCheckpointer';
import type { RouteDeps } from '../deps';
import { createListQueryPool, type ListQueryPool } from '../lists/services/listQueryPool';
import { createSearchReadPool } from '../search/services/searchReadPool';
import type { SearchReads } from '../search/services/searchReads';
import type { OffsetClock } from '../testClock';
import { log } from '../log';

/** How often the background PDF converter looks for due documents. */
const PDF_POLL_MS = 1000;
/** How often expired upload-cache files are removed even when nobody uploads (decision 010). */
const UPLOAD_SWEEP_MS = 10 * 60_000;

export const DB_FILE_NAME = 'simulator.sqlite';

export interface LiveDataOptions {
  dataDir: string;
  clock: OffsetClock;
  config?: ApiConfigOptions;
  clientDir?: string;
  testEndpoints?: boolean;
  /** search reads on this many worker threads over WAL (decision 038); 0: on the request thread */
  searchWorkers: number;
}

interface Stack {
  db: Db;
  /** the worker threads' read-only connections go with the database they read (decision 038) */
  searchReads?: SearchReads;
  /** the `[SQL]` list-query processes read the same file (decision 044) */
  listQueries: ListQueryPool;
  sim: Simulator;
  checkpointer: WalCheckpointer;
  sweeper: NodeJS.Timeout;
  /** requests being answered on it */
  inFlight: number;
}

/** How long a swap lets requests already running on the old database finish. */
const DRAIN_MS = 500;

export interface LiveData {
  readonly dataDir: string;
  readonly clock: OffsetClock;
  /** the node request listener: the current app answers */
  handle(req: IncomingMessage, res: ServerResponse): void;
  /** the routers' dependencies on the current database */
  deps(): RouteDeps;
  /** the current database (valid until the next swap) */
  db(): Db;
  /**
   * Close the database and its background work, run `replace` (the data folder is free to change),
   * open it again and build the app anew. When `replace` fails the folder is reopened as it is.
   */
  swap(replace: () => Promise<void> | void): Promise<void>;
  close(): Promise<void>;
}

function openStack(o: LiveDataOptions): Stack {
  const dbFile = join(o.dataDir, DB_FILE_NAME);
  const db = openDatabase(dbFile);
  const checkpointer = startWalCheckpointer(db, dbFile);
  const kept = createKeptCounts(db);
  const searchReads =
    o.searchWorkers > 0
      ? createSearchReadPool(dbFile, o.searchWorkers, (notes) => {
          // a count not kept now is counted again by a later search: nothing is lost but time
          try {
            kept.apply(notes);
          } catch (error) {
            log.warn('Keeping search counts', error);
          }
        })
      : undefined;
  const listQueries = createListQueryPool(dbFile);
  const sim = createSimulator({
    db,
    clock: o.clock,
    files: { dataDir: o.dataDir },
    config: o.config,
    clientDir: o.clientDir,
    testEndpoints: o.testEndpoints,
    searchReads,
    listQueryPool: listQueries,
  });
  sim.pdfConverter.start(PDF_POLL_MS);
  const sweeper = setInterval(
    () => void sim.uploads.sweep().catch((error: unknown) => log.warn('Upload cache sweep', error)),
    UPLOAD_SWEEP_MS,
  );
  sweeper.unref();
  return { db, searchReads, listQueries, sim, checkpointer, sweeper, inFlight: 0 };
}

/** Settles when no request runs on the stack any more, or after `ms`. */
async function drained(stack: Stack, ms: number): Promise<void> {
  const until = performance.now() + ms;
  while (stack.inFlight > 0 && performance.now() < until)
    await new Promise((resolve) => setTimeout(resolve, 10));
}

async function closeStack(stack: Stack): Promise<void> {
  clearInterval(stack.sweeper);
  // a conversion under way finishes before the database closes
  await Promise.all([
    stack.sim.pdfConverter.stop(),
    stack.checkpointer.stop(),
    stack.searchReads?.close(),
    stack.listQueries.close(),
  ]);
  stack.db.close();
}

export function openLiveData(options: LiveDataOptions): LiveData {
  let stack = openStack(options);
  /** set while a swap runs: requests wait for it */
  let swapping: Promise<void> | undefined;
  const serve = (req: IncomingMessage, res: ServerResponse): void => {
    const on = stack;
    on.inFlight += 1;
    res.once('close', () => {
      on.inFlight -= 1;
    });
    on.sim.app(req, res);
  };
  return {
    dataDir: options.dataDir,
    clock: options.clock,
    handle(req, res) {
      if (swapping) void swapping.then(() => serve(req, res));
      else serve(req, res);
    },
    deps: () => stack.sim.deps,
    db: () => stack.db,
    async swap(replace) {
      while (swapping) await swapping;
      const run = (async () => {
        // new requests wait from here; those under way finish on the old database first
        await drained(stack, DRAIN_MS);
        // the ids handed out so far stay used after the swap (decision 049)
        const highWater = idHighWater(stack.db);
        await closeStack(stack);
        let replaced = false;
        try {
          await replace();
          replaced = true;
        } finally {
          stack = openStack(options);
          if (replaced) raiseIdHighWater(stack.db, highWater);
        }
      })();
      swapping = run.then(
        () => undefined,
        () => undefined,
      );
      try {
        await run;
      } finally {
        swapping = undefined;
      }
    },
    async close() {
      while (swapping) await swapping;
      await closeStack(stack);
    },
  };
}

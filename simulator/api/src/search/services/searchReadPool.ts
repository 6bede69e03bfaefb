// Search reads on worker threads (decision 038): `size` threads, each with its own read-only
// connection to the database file (WAL lets them read while the request thread writes; a read
// sees every commit made before it starts) and its own count cache (decision 037): the versions
// of a key are read before its count, so a count is never filed under versions newer than the
// rows it saw, and never served stale. A request goes to an idle thread, else
// waits in one queue. A thread that dies fails its request and is replaced. The worker is
// TypeScript: it registers tsx's loader first (the simulator always runs under tsx).
import { Worker } from 'node:worker_threads';
import type { DocFilter, DocPageQuery } from '../repos/docQueryModel';
import type { KeptNote } from '../repos/keptCounts';
import type { ResultContext } from './result';
import type { SearchPageRead, SearchReads } from './searchReads';

type ReadQuestion =
  | { op: 'count'; filter: DocFilter }
  | { op: 'page'; query: DocPageQuery }
  | { op: 'result'; query: DocPageQuery; shape: ResultContext };
export type ReadRequest = ReadQuestion & { id: number };
/** `kept`: what the writer must do for the counts kept on write the read used (decision 067) */
export type ReadAnswer = (
  | { id: number; value: number | SearchPageRead | Uint8Array; error?: undefined }
  | { id: number; error: string }
) & { kept?: KeptNote[] };

/** Each thread's page cache (the request thread keeps 256 MB, connection.ts): RSS under 600 MB. */
const WORKER_CACHE_KB = 32 * 1024;

interface Pending {
  request: ReadRequest;
  resolve(value: unknown): void;
  reject(error: Error): void;
}

interface Slot {
  worker: Worker;
  running?: Pending;
}

function workerSource(): string {
  const tsx = import.meta.resolve('tsx/esm/api');
  const entry = new URL('./searchReadWorker.ts', import.meta.url).href;
  return `import { register } from ${JSON.stringify(tsx)}; register(); await import(${JSON.stringify(entry)});`;
}

/** `onKept` runs on the request thread with what a read noted about the kept counts. */
export function createSearchReadPool(
  file: string,
  size: number,
  onKept: (notes: KeptNote[]) => void = () => {},
): SearchReads {
  const source = new URL(`data:text/javascript,${encodeURIComponent(workerSource())}`);
  const queue: Pending[] = [];
  const slots: Slot[] = [];
  let nextId = 1;
  let closed = false;

  const dispatch = (): void => {
    for (const slot of slots) {
      if (slot.running || queue.length === 0) continue;
      const p = queue.shift() as Pending;
      slot.running = p;
      slot.worker.postMessage(p.request);
    }
  };

  const spawn = (): Slot => {
    const slot: Slot = { worker: new Worker(source, { workerData: { file, cacheKb: WORKER_CACHE_KB } }) };
    slot.worker.on('message', (a: ReadAnswer | 'ready') => {
      if (a === 'ready') return dispatch();
      const p = slot.running;
      if (!p || p.request.id !== a.id) return;
      slot.running = undefined;
      if (a.kept?.length) onKept(a.kept);
      if (a.error !== undefined) p.reject(new Error(a.error));
      else p.resolve(a.value);
      dispatch();
    });
    const died = (why: string): void => {
      const i = slots.indexOf(slot);
      if (i < 0) return;
      slots.splice(i, 1);
      slot.running?.reject(new Error(`search reader stopped: ${why}`));
      if (!closed) {
        slots.push(spawn());
        dispatch();
      }
    };
    slot.worker.on('error', (e) => died(e.message));
    slot.worker.on('exit', (code) => died(`exit ${code}`));
    return slot;
  };
  for (let i = 0; i < size; i++) slots.push(spawn());

  const send = <T>(request: ReadQuestion): Promise<T> =>
    new Promise<T>((resolve, reject) => {
      if (closed) return reject(new Error('the search readers are closed'));
      queue.push({
        request: { ...request, id: nextId++ },
        resolve: resolve as (v: unknown) => void,
        reject,
      });
      dispatch();
    });

  return {
    count: (filter) => send<number>({ op: 'count', filter }),
    page: (query) => send<SearchPageRead>({ op: 'page', query }),
    result: (query, shape) => send<Uint8Array>({ op: 'result', query, shape }),
    async close() {
      closed = true;
      for (const p of queue.splice(0)) p.reject(new Error('the search readers are closed'));
      await Promise.all(slots.splice(0).map((s) => s.worker.terminate()));
    },
  };
}

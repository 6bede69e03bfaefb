// A search reader thread (searchReadPool.ts, decision 038): its own connection to the database
// file, read-only, with the search engine and its count cache; answers count and page requests
// one at a time, in the order they come. Its connection cannot write: what the counts kept on
// write need (keptCounts.ts, decision 067) goes back with the answer, for the request thread.
import { parentPort, workerData } from 'node:worker_threads';
import Database from 'better-sqlite3';
import { createDocSearchRepo } from '../repos/docSearchRepo';
import { createDocStatesRepo } from '../../documents/repos/docStatesRepo';
import type { ReadRequest, ReadAnswer } from './searchReadPool';
import { readPage } from './searchReads';

const { file, cacheKb } = workerData as { file: string; cacheKb: number };
const db = new Database(file, { readonly: true });
db.pragma('busy_timeout = 5000');
db.pragma(`cache_size = -${Math.trunc(cacheKb)}`);
db.pragma('temp_store = MEMORY');
const docSearch = createDocSearchRepo(db);
const docStates = createDocStatesRepo(db);

parentPort?.on('message', (r: ReadRequest) => {
  let answer: ReadAnswer;
  try {
    answer =
      r.op === 'count'
        ? { id: r.id, value: docSearch.count(r.filter) }
        : { id: r.id, value: readPage(docSearch, docStates, r.query) };
  } catch (error) {
    answer = { id: r.id, error: error instanceof Error ? error.message : String(error) };
  }
  const kept = docSearch.takeKeptNotes();
  parentPort?.postMessage(kept.length ? { ...answer, kept } : answer);
});
parentPort?.postMessage('ready');

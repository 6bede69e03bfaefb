// A search reader thread (searchReadPool.ts, decision 038): its own connection to the database
// file, read-only, with the search engine and its count cache; answers count, page and Result
// requests one at a time, in the order they come (a Result it builds and serialises itself, and
// hands its bytes over: decision 078). Its connection cannot write: what the counts kept on write
// need (keptCounts.ts, decision 067) goes back with the answer, for the request thread.
import { parentPort, workerData } from 'node:worker_threads';
import Database from 'better-sqlite3';
import { createDocSearchRepo } from '../repos/docSearchRepo';
import { createDocStatesRepo } from '../../documents/repos/docStatesRepo';
import type { ReadRequest, ReadAnswer } from './searchReadPool';
import { readPage, readResult, type SearchPageRead } from './searchReads';

const { file, cacheKb } = workerData as { file: string; cacheKb: number };
const db = new Database(file, { readonly: true });
db.pragma('busy_timeout = 5000');
db.pragma(`cache_size = -${Math.trunc(cacheKb)}`);
db.pragma('temp_store = MEMORY');
const docSearch = createDocSearchRepo(db);
const docStates = createDocStatesRepo(db);

const answerOf = (r: ReadRequest): number | SearchPageRead | Uint8Array => {
  switch (r.op) {
    case 'count':
      return docSearch.count(r.filter);
    case 'page':
      return readPage(docSearch, docStates, r.query);
    case 'result':
      return readResult(docSearch, docStates, r.query, r.shape);
  }
};

parentPort?.on('message', (r: ReadRequest) => {
  let answer: ReadAnswer;
  try {
    answer = { id: r.id, value: answerOf(r) };
  } catch (error) {
    answer = { id: r.id, error: error instanceof Error ? error.message : String(error) };
  }
  const kept = docSearch.takeKeptNotes();
  // a Result's bytes are handed over, not copied
  const transfer =
    'value' in answer && answer.value instanceof Uint8Array ? [answer.value.buffer as ArrayBuffer] : [];
  parentPort?.postMessage(kept.length ? { ...answer, kept } : answer, transfer);
});
parentPort?.postMessage('ready');

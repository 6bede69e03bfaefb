// A search's Result page is built and serialised in the search reader that read its rows
// (decision 078). Through real HTTP, an app whose searches run on reader threads answers the same
// bytes and headers as one that runs them on the request thread, and those bytes are the
// JSON.stringify form `res.json` sends.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Response } from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SearchPageResult } from '@gs/contract/searches';
import { createApp } from '../../app';
import { openDatabase, type Db } from '../../db/connection';
import { createTestClock } from '../../testClock';
import { makeSearchApp, runSearch, type SearchApp } from '../../testing/searchWorld';
import { createSearchReadPool } from '../services/searchReadPool';
import type { SearchReads } from '../services/searchReads';

let dir: string;
let local: SearchApp;
let pooled: SearchApp;
let pool: SearchReads;
let fileDb: Db;

beforeAll(() => {
  local = makeSearchApp();
  dir = mkdtempSync(join(tmpdir(), 'gs-result-bytes-'));
  const file = join(dir, 'simulator.sqlite');
  writeFileSync(file, local.db.serialize());
  fileDb = openDatabase(file);
  pool = createSearchReadPool(file, 1);
  const app = createApp({ db: fileDb, clock: createTestClock(), files: { dataDir: dir }, searchReads: pool });
  pooled = { ...local, db: fileDb, app };
});
afterAll(async () => {
  await pool.close();
  fileDb.close();
  rmSync(dir, { recursive: true, force: true });
});

const headers = (res: Response) => ({
  type: res.headers['content-type'] as unknown,
  length: res.headers['content-length'] as unknown,
});

describe('a search Result built in a reader', () => {
  const cases: [string, (t: SearchApp) => [number, number, Record<string, string | number | boolean>]][] = [
    ['every document, dates and multi-values', (t) => [t.s.all, t.s.ledger, {}]],
    [
      'a sorted second page',
      (t) => [t.s.all, t.s.ledger, { Sort: `${t.s.qty} ASC`, page: 2, RecordsPerPage: 2 }],
    ],
    [
      'content terms and a view tab',
      (t) => [t.s.fixed, t.s.ledger, { SearchCriteria: '{"content":"widgets"}' }],
    ],
    ['an empty page', (t) => [t.s.all, t.s.ledger, { page: 99 }]],
    ['a count', (t) => [t.s.all, t.s.ledger, { Count: true }]],
  ];
  it.each(cases)('%s: the same bytes and headers as on the request thread', async (_name, of) => {
    const [search, archive, query] = of(local);
    const here = await runSearch(local, search, archive, query).expect(200);
    const there = await runSearch(pooled, search, archive, query).expect(200);
    expect(there.text).toBe(here.text);
    expect(headers(there)).toEqual(headers(here));
    expect(headers(there)).toEqual({
      type: 'application/json; charset=utf-8',
      length: String(Buffer.byteLength(here.text)),
    });
    expect(there.text).toBe(JSON.stringify(there.body));
  });

  it('carries every document of the page with its secure id', async () => {
    const res = await runSearch(pooled, pooled.s.all, pooled.s.ledger, {}).expect(200);
    const body = res.body as SearchPageResult;
    expect(body.Docs.length).toBe(body.Count);
    expect(body.Docs.every((d) => /^\S+$/.test(d.Hash))).toBe(true);
  });
});

import { beforeEach, describe, expect, it } from 'vitest';
import { INVALID_SORT_MESSAGE, formatSort } from '@gs/contract/searches';
import type { SearchCountResult, SearchPageResult } from '@gs/contract/searches';
import { ALL_ARCHIVE_PERMISSIONS } from '@gs/contract/flags';
import request from 'supertest';
import { secureId } from '../../security/repos/secureIds';
import { API, basic } from '../../testing/testApp';
import { makeSearchApp, runSearch, type SearchApp } from '../../testing/searchWorld';

let t: SearchApp;
beforeEach(() => {
  t = makeSearchApp();
});
const ids = (res: { body: unknown }): number[] => (res.body as SearchPageResult).Docs.map((d) => d.Id);
const message = (res: { body: unknown }): string => (res.body as { Message: string }).Message;
const promptsOf = (search: number): number[] =>
  (
    t.db.prepare(`SELECT id FROM search_prompts WHERE search_id = ? ORDER BY ordinal`).all(search) as {
      id: number;
    }[]
  ).map((p) => p.id);
const every = (query: Record<string, string | number | boolean> = {}) =>
  runSearch(t, t.s.all, t.s.ledger, query);

describe('the Result object', () => {
  it('has exactly the wire keys, most recent first, Count the total and the archive fields', async () => {
    const res = await every({ RecordsPerPage: 2 })
      .expect(200)
      .expect('Content-Type', /application\/json/);
    const body = res.body as SearchPageResult;
    expect(Object.keys(body).sort()).toEqual(
      [
        'Count',
        'Docs',
        'Fields',
        'FolderOptions',
        'PdfConvertStatus',
        'Permissions',
        'Terms',
        'WorkflowStatus',
      ].sort(),
    );
    expect(body).toMatchObject({
      Count: 6,
      FolderOptions: '',
      PdfConvertStatus: false,
      Terms: false,
      WorkflowStatus: 0,
    });
    expect(body.Permissions).toBe(ALL_ARCHIVE_PERMISSIONS);
    expect(body.Fields.map((f) => f.Name)).toEqual([
      'Vendor',
      'Amount',
      'Qty',
      'Invoice Date',
      'Status',
      'Tags',
    ]);
    expect(ids(res)).toEqual([t.s.docs.delta, t.s.docs.blank]);
    expect(body.Docs[0]).toEqual({
      Id: t.s.docs.delta,
      Hash: secureId(t.secret, 'doc', t.w.alpha, t.s.docs.delta as number),
      Tid: 0,
      Fields: [
        { ID: t.w.vendor, VAL: 'delta_co', MVAL: [] },
        { ID: t.w.amount, VAL: '2000.75', MVAL: [] },
        { ID: t.s.qty, VAL: '-3', MVAL: [] },
        { ID: t.s.date, VAL: '11/23/2026', MVAL: [] },
        { ID: t.s.status, VAL: 'Open', MVAL: [] },
        { ID: t.s.tags, VAL: 'BLUE', MVAL: ['BLUE'] },
      ],
      Version: 0,
      RootVersionId: 0,
      User_Name: '',
      Hits: 0,
      Permissions: ALL_ARCHIVE_PERMISSIONS,
      RevisionOptions: 0,
      Revisions: false,
      VersionArchive: 0,
      FileType: '.pdf',
    });
  });

  it('shows a date with a time as M/D/YYYY h:mm:ss AM', async () => {
    const res = await every({ Sort: formatSort([{ fieldId: t.s.date, descending: false }]) }).expect(200);
    const supplies = (res.body as SearchPageResult).Docs.find((d) => d.Id === t.s.docs.acmeSupplies);
    expect(supplies?.Fields.find((f) => f.ID === t.s.date)?.VAL).toBe('11/21/2026 9:30:00 AM');
  });

  it('reads the archive permission of the caller', async () => {
    const res = await every().expect(200);
    expect((res.body as SearchPageResult).Permissions).toBe(ALL_ARCHIVE_PERMISSIONS);
    const reader = await runSearch(t, t.s.all, t.s.ledger, {}, 'reader').expect(200);
    expect((reader.body as SearchPageResult).Permissions).toBe(1);
    expect((reader.body as SearchPageResult).Docs[0]?.Permissions).toBe(1);
  });
});

describe('paging and sorting', () => {
  it('pages 1-based with RecordsPerPage (default 50) and any key casing', async () => {
    expect(ids(await every({ page: 2, RecordsPerPage: 4 }).expect(200))).toEqual([
      t.s.docs.acmeSupplies,
      t.s.docs.acme,
    ]);
    expect(ids(await every({ Page: 3, recordsperpage: 2 }).expect(200))).toEqual([
      t.s.docs.acmeSupplies,
      t.s.docs.acme,
    ]);
    const beyond = await every({ page: 9, RecordsPerPage: 4 }).expect(200);
    expect(beyond.body).toMatchObject({ Count: 6, Docs: [] });
    expect(ids(await every().expect(200))).toHaveLength(6);
  });

  it('refuses RecordsPerPage outside 1..10000 and a page below 1', async () => {
    for (const rpp of ['0', '10001', 'x', '-5'])
      expect(message(await every({ RecordsPerPage: rpp }).expect(400))).toMatch(
        /RecordsPerPage must be a whole number from 1 to 10000/,
      );
    expect(message(await every({ page: 0 }).expect(400))).toMatch(/page must be/);
  });

  it('sorts by field id or name, ascending by default, DESC on request, ties by id', async () => {
    const byAmount = await every({ Sort: `${t.w.amount}` }).expect(200);
    const d = t.s.docs;
    expect(ids(byAmount)).toEqual([d.gamma, d.blank, d.acmeSupplies, d.beta, d.acme, d.delta]);
    expect(ids(await every({ Sort: 'amount desc' }).expect(200))).toEqual([
      d.delta,
      d.acme,
      d.beta,
      d.acmeSupplies,
      d.blank,
      d.gamma,
    ]);
    // character fields sort case-insensitively
    expect(
      ids(await every({ Sort: formatSort([{ fieldId: t.w.vendor, descending: false }]) }).expect(200)),
    ).toEqual([d.blank, d.acme, d.acmeSupplies, d.beta, d.delta, d.gamma]);
    expect(ids(await every({ Sort: `Status DESC,${t.w.amount} ASC` }).expect(200))).toEqual([
      d.blank,
      d.gamma,
      d.acmeSupplies,
      d.beta,
      d.acme,
      d.delta,
    ]);
    expect(ids(await every({ Sort: 'DocumentID ASC' }).expect(200))).toEqual(
      Object.values(d)
        .filter((id) => id !== d.east)
        .sort((a, b) => a - b),
    );
  });

  it(`answers an unknown sort field with '${INVALID_SORT_MESSAGE}'`, async () => {
    for (const sort of ['999', 'Nope DESC', `${t.s.tags}`]) {
      const res = await every({ Sort: sort }).expect(400);
      expect(message(res)).toContain(INVALID_SORT_MESSAGE);
    }
  });
});

describe('Count=true', () => {
  it('answers {ArchiveId, Count} for the criteria', async () => {
    const res = await every({
      Count: true,
      SearchCriteria: JSON.stringify({ [t.s.prompt('char', 2).prompt]: 'acme' }),
    }).expect(200);
    expect(res.body).toEqual({ ArchiveId: t.s.ledger, Count: 2 } satisfies SearchCountResult);
    expect((await every({ count: 'TRUE' }).expect(200)).body).toEqual({ ArchiveId: t.s.ledger, Count: 6 });
    expect(message(await every({ Count: 'maybe' }).expect(400))).toBe('The request is invalid.');
  });

  it('never serves a stale cached count after a write', async () => {
    expect((await every({ Count: true }).expect(200)).body).toMatchObject({ Count: 6 });
    t.db.prepare(`DELETE FROM doc_${t.w.alpha} WHERE id = ?`).run(t.s.docs.beta);
    expect((await every({ Count: true }).expect(200)).body).toMatchObject({ Count: 5 });
    t.db
      .prepare(`UPDATE doc_${t.w.alpha} SET f_${t.w.vendor} = 'Acme Three' WHERE id = ?`)
      .run(t.s.docs.gamma);
    const criteria = JSON.stringify({ [t.s.prompt('char', 2).prompt]: 'acme' });
    expect((await every({ Count: true, SearchCriteria: criteria }).expect(200)).body).toMatchObject({
      Count: 3,
    });
  });
});

describe('static values, view tabs and content search', () => {
  const fixed = (query: Record<string, string | number | boolean> = {}) =>
    runSearch(t, t.s.fixed, t.s.ledger, query);

  it('always applies static {values} (here Status {Open} and date <= {@today})', async () => {
    expect(ids(await fixed().expect(200))).toEqual([t.s.docs.beta, t.s.docs.acme]);
    // a value sent for a static prompt changes nothing; the prompted one narrows
    const [status, , vendor] = promptsOf(t.s.fixed);
    expect(ids(await fixed({ SearchCriteria: `{${status}:"Paid"}` }).expect(200))).toEqual([
      t.s.docs.beta,
      t.s.docs.acme,
    ]);
    expect(ids(await fixed({ SearchCriteria: `{${vendor}:"beta"}` }).expect(200))).toEqual([t.s.docs.beta]);
  });

  it('filters on the archive status field by tabId and counts per tab', async () => {
    expect(ids(await every({ tabId: 1 }).expect(200))).toEqual([
      t.s.docs.delta,
      t.s.docs.beta,
      t.s.docs.acme,
    ]);
    expect(ids(await every({ tabID: 2 }).expect(200))).toEqual([t.s.docs.gamma, t.s.docs.acmeSupplies]);
    expect((await every({ tabId: 2, Count: true }).expect(200)).body).toEqual({
      ArchiveId: t.s.ledger,
      Count: 2,
    });
    expect((await every({ tabId: 0, Count: true }).expect(200)).body).toEqual({
      ArchiveId: t.s.ledger,
      Count: 6,
    });
    expect(message(await every({ tabId: 7 }).expect(400))).toMatch(
      /View tab 7 does not exist in archive 'Ledger'/,
    );
  });

  it('searches document text with FTS5 under the content key, with Hits per document and Terms', async () => {
    const res = await fixed({ SearchCriteria: '{"content":"widgets"}' }).expect(200);
    const body = res.body as SearchPageResult;
    expect(body.Terms).toBe(true);
    expect(body.Docs.map((d) => [d.Id, d.Hits])).toEqual([[t.s.docs.acme, 2]]);
    const zero = await fixed({ SearchCriteria: '{0:"acme wid*"}', Count: true }).expect(200);
    expect(zero.body).toEqual({ ArchiveId: t.s.ledger, Count: 1 });
    const phrase = await fixed({ SearchCriteria: '{"content":"\\"contract renewal\\""}' }).expect(200);
    expect(ids(phrase)).toEqual([t.s.docs.beta]);
    expect((await fixed({ SearchCriteria: '{"content":"nothing-here"}' }).expect(200)).body).toMatchObject({
      Count: 0,
      Terms: true,
    });
  });
});

describe('multi-archive searches and permissions', () => {
  it('runs each archive of the search on its own route, with per-archive counts', async () => {
    const [prompt] = promptsOf(t.s.multi);
    const q = { SearchCriteria: `{${prompt}:"acme"}` };
    expect(ids(await runSearch(t, t.s.multi, t.s.ledger, q).expect(200))).toEqual([
      t.s.docs.acmeSupplies,
      t.s.docs.acme,
    ]);
    expect(ids(await runSearch(t, t.s.multi, t.w.invoices, q).expect(200))).toEqual([t.s.docs.east]);
    expect((await runSearch(t, t.s.multi, t.w.invoices, { ...q, Count: true }).expect(200)).body).toEqual({
      ArchiveId: t.w.invoices,
      Count: 1,
    });
    // an archive of the search the user may not view, and one the search does not cover
    expect(message(await runSearch(t, t.s.multi, t.w.open, q).expect(404))).toMatch(
      /Archive .* was not found/,
    );
    expect(message(await runSearch(t, t.s.multi, t.w.contracts, q).expect(404))).toMatch(
      /is not searched by search/,
    );
  });

  it('answers 404 for a search the user may not run', async () => {
    expect(message(await runSearch(t, t.s.fixed, t.s.ledger, {}, 'reader').expect(404))).toMatch(
      /Search .* was not found/,
    );
    expect(message(await runSearch(t, 999999, t.s.ledger, {}).expect(404))).toMatch(
      /Search 999999 was not found/,
    );
  });

  it('needs the search SecureId: missing 400, wrong 403, both with a Message', async () => {
    const path = `dbs/${t.w.alpha}/searches/${t.s.all}/archive/${t.s.ledger}/documents`;
    const missing = await request(t.app)
      .get(`${API}${path}`)
      .set('Authorization', basic('full.user'))
      .expect(400);
    expect(message(missing)).toMatch(/SecureId/);
    const wrong = await request(t.app)
      .get(`${API}${path}?secureid=${secureId(t.secret, 'search', t.w.alpha, t.s.fixed)}`)
      .set('Authorization', basic('full.user'))
      .expect(403);
    expect(message(wrong)).toMatch(/SecureId is not valid/);
    await request(t.app).get(`${API}${path}`).expect(401);
  });
});

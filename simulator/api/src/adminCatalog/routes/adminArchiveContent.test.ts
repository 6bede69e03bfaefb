// Content search of an archive as the administration API turns it on and off, and the content
// index rebuild of an archive card, read back through the users' content searches.
import { beforeEach, describe, expect, it } from 'vitest';
import type { SearchPageResult } from '@gs/contract/searches';
import { call, messageOf } from '../../testing/adminWorld';
import { makeSearchApp, runSearch, type SearchApp } from '../../testing/searchWorld';

let t: SearchApp;
beforeEach(() => {
  t = makeSearchApp();
});
const admin = 'SSAdministrator';
const archive = () => `admin/databases/${t.w.alpha}/archives/${t.s.ledger}`;
const found = async (words: string): Promise<number[]> =>
  (
    (
      await runSearch(t, t.s.fixed, t.s.ledger, {
        SearchCriteria: JSON.stringify({ content: words }),
      }).expect(200)
    ).body as SearchPageResult
  ).Docs.map((d) => d.Id);

describe('ContentSearch of an archive', () => {
  it("takes the documents' text out of the content index when turned off, and puts it back when on", async () => {
    expect(await found('widgets')).toEqual([t.s.docs.acme]);
    await call(t, admin, 'put', archive(), { ContentSearch: false }).expect(200);
    expect(await found('widgets')).toEqual([]);
    const res = await call(t, admin, 'put', archive(), { contentsearch: 'true' }).expect(200);
    expect(res.body).toMatchObject({ ContentSearch: true, ConvertPdf: false });
    expect(await found('widgets')).toEqual([t.s.docs.acme]);
  });
});

describe('GET admin/databases/{db}/archives/{id}/indexrebuild?docCount=', () => {
  const rebuild = (query: string, user = admin) => call(t, user, 'get', `${archive()}/indexrebuild${query}`);

  it('re-reads the text of the newest docCount documents into the content index', async () => {
    t.db.prepare(`DELETE FROM docTextFts_${t.w.alpha}`).run();
    expect(await found('widgets')).toEqual([]);
    expect((await rebuild('?docCount=1000').expect(200)).body).toBe(true);
    expect(await found('widgets')).toEqual([t.s.docs.acme]);
    t.db.prepare(`DELETE FROM docTextFts_${t.w.alpha}`).run();
    // acme is the oldest of the ledger: one document re-read leaves it out
    expect((await rebuild('?DOCCOUNT=1').expect(200)).body).toBe(true);
    expect(await found('widgets')).toEqual([]);
  });

  it('answers false for an archive without content search; refuses bad counts and other users', async () => {
    const invoices = `admin/databases/${t.w.alpha}/archives/${t.w.invoices}/indexrebuild`;
    expect((await call(t, admin, 'get', invoices).expect(200)).body).toBe(false);
    expect(messageOf(await rebuild('?docCount=0').expect(400))).toBe('The request is invalid.');
    await rebuild('?docCount=many').expect(400);
    await rebuild('?docCount=10', 'full.user').expect(403);
    await rebuild('?docCount=10', 'reader').expect(403);
  });
});

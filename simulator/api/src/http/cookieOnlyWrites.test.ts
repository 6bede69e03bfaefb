// Same-site CSRF (issue 26, decision 045): a write whose only credential is the sstoken cookie is
// refused unless the browser says it came from our own origin; a token sent explicitly, or Basic
// credentials, still work from anywhere. And a live token given explicitly wins over Basic
// credentials that ride along (a browser's cached trainer password): they are not even checked.
import { existsSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import request from 'supertest';
import { afterEach, describe, expect, it } from 'vitest';
import { AUTHORIZATION_DENIED } from '@gs/contract/errors';
import { makeDocOpsApp, docHash, type DocOpsTestApp } from '../testing/docOpsWorld';
import { makeInboxApp } from '../testing/inboxWorld';
import { API, basic, makeWorldApp, signIn } from '../testing/testApp';
import { COOKIE_ONLY_WRITE_MESSAGE } from './sameOrigin';

const cleanup: string[] = [];
afterEach(() => {
  for (const d of cleanup.splice(0)) rmSync(d, { recursive: true, force: true });
});

function docWorld() {
  const t: DocOpsTestApp = makeDocOpsApp();
  cleanup.push(t.d.dataDir);
  const path = (doc: number) => `${API}dbs/${t.w.alpha}/archives/${t.w.invoices}/documents/${doc}/delete`;
  const exists = (doc: number): boolean =>
    t.db.prepare(`SELECT id FROM doc_${t.w.alpha} WHERE id = ?`).get(doc) !== undefined;
  const remove = (doc: number) =>
    request(t.app)
      .post(path(doc))
      .query({ SecureId: docHash(t, doc) })
      .set('Host', 'gs.example:8080');
  return { t, exists, remove };
}

describe('a write carrying its token only as the sstoken cookie', () => {
  it('is refused from a page of another port or a sibling host, and changes nothing', async () => {
    const { t, exists, remove } = docWorld();
    const { Token } = await signIn(t.app, 'full.user');
    const cookie = `sstoken=${Token}`;
    const headers: [string, string][] = [
      ['X-None', ''],
      ['Sec-Fetch-Site', 'same-site'],
      ['Sec-Fetch-Site', 'cross-site'],
      ['Origin', 'http://gs.example:5174'],
      ['Origin', 'http://other.gs.example:8080'],
      ['Origin', 'https://gs.example:8080'],
      ['Origin', 'null'],
    ];
    for (const [name, value] of headers) {
      const res = await remove(t.d.docA).set('Cookie', cookie).set(name, value);
      expect(res.status, `${name}: ${value}`).toBe(403);
      expect(res.body).toEqual({ Message: COOKIE_ONLY_WRITE_MESSAGE });
    }
    // Sec-Fetch-Site decides when present: an Origin cannot overrule it
    await remove(t.d.docA)
      .set('Cookie', cookie)
      .set('Sec-Fetch-Site', 'same-site')
      .set('Origin', 'http://gs.example:8080')
      .expect(403);
    expect(exists(t.d.docA)).toBe(true);
    // reading with the cookie alone stays possible
    await request(t.app).get(`${API}dbs`).set('Cookie', cookie).expect(200);
  });

  it('refuses a DELETE too (an inbox file stays)', async () => {
    const t = makeInboxApp();
    cleanup.push(t.i.dataDir);
    const { Token } = await signIn(t.app, 'full.user');
    const del = () => request(t.app).delete(`${API}inboxes/${t.i.scans}?FilePath=alpha.pdf`);
    const res = await del().set('Cookie', `sstoken=${Token}`).set('Origin', 'http://localhost:1').expect(403);
    expect(res.body).toEqual({ Message: COOKIE_ONLY_WRITE_MESSAGE });
    expect(existsSync(join(t.i.dataDir, 'inboxes', 'scans', 'alpha.pdf'))).toBe(true);
    await del().set('Cookie', `sstoken=${Token}`).set('Sec-Fetch-Site', 'same-origin').expect(200);
    expect(existsSync(join(t.i.dataDir, 'inboxes', 'scans', 'alpha.pdf'))).toBe(false);
  });

  it('goes through with Sec-Fetch-Site: same-origin', async () => {
    const { t, exists, remove } = docWorld();
    const { Token } = await signIn(t.app, 'full.user');
    await remove(t.d.docA).set('Cookie', `sstoken=${Token}`).set('Sec-Fetch-Site', 'same-origin').expect(200);
    expect(exists(t.d.docA)).toBe(false);
  });

  it('goes through with an Origin equal to the origin it was sent to (a browser without Sec-Fetch-Site)', async () => {
    const { t, exists, remove } = docWorld();
    const { Token } = await signIn(t.app, 'full.user');
    await remove(t.d.docA)
      .set('Cookie', `sstoken=${Token}`)
      .set('Origin', 'http://GS.example:8080')
      .expect(200);
    expect(exists(t.d.docA)).toBe(false);
  });

  it('goes through from anywhere with the token as Auth-Token, or with Basic credentials beside the cookie', async () => {
    const { t, exists, remove } = docWorld();
    const { Token } = await signIn(t.app, 'full.user');
    await remove(t.d.docA)
      .set('Cookie', `sstoken=${Token}`)
      .set('Auth-Token', Token)
      .set('Origin', 'http://evil.example')
      .expect(200);
    expect(exists(t.d.docA)).toBe(false);
    // a client with a cookie jar that sends Basic on every call (HL, GO)
    await remove(t.d.docC)
      .set('Cookie', `sstoken=${Token}`)
      .set('Authorization', basic('full.user'))
      .expect(200);
    expect(exists(t.d.docC)).toBe(false);
  });
});

describe('a live token given explicitly beside wrong Basic credentials', () => {
  it('is the credential: the call succeeds and the Basic credentials count no failure', async () => {
    const { app } = makeWorldApp();
    const { Token } = await signIn(app, 'full.user');
    const wrong = basic('full.user', 'the trainer password');
    for (let i = 0; i < 8; i++) {
      await request(app).get(`${API}dbs`).set('Auth-Token', Token).set('Authorization', wrong).expect(200);
      await request(app).get(`${API}dbs?Token=${Token}`).set('Authorization', wrong).expect(200);
    }
    // the client's keep-alive renews the same licence
    const renewed = await request(app)
      .get(`${API}licenses?Token=${Token}`)
      .set('Auth-Token', Token)
      .set('Authorization', wrong)
      .expect(200);
    expect((renewed.body as { Token: string }).Token).toBe(Token);
    // sixteen wrong passwords were never checked: the user is not in a back-off
    const fresh = await request(app).get(`${API}licenses`).set('Authorization', basic('full.user'));
    expect(fresh.status).toBe(200);
  });

  it('does not make wrong Basic pass without a live token', async () => {
    const { app } = makeWorldApp();
    const wrong = basic('full.user', 'nope');
    const none = await request(app)
      .get(`${API}dbs`)
      .set('Auth-Token', 'not-a-token')
      .set('Authorization', wrong);
    expect(none.status).toBe(401);
    expect(none.body).toEqual({ Message: AUTHORIZATION_DENIED });
    await request(app).get(`${API}dbs`).set('Authorization', wrong).expect(401);
  });
});

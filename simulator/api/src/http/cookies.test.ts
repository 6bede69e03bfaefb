// The cookies the API sets take nothing from the request unchecked (issue 20), the token cookie is
// HttpOnly, SameSite=Strict and Secure under https, and GET routes that change data refuse a token
// that came only from that cookie (issue 21, decision 014).
import { rmSync } from 'node:fs';
import type { Request, Response } from 'express';
import request from 'supertest';
import { afterEach, describe, expect, it } from 'vitest';
import { makeDocOpsApp, docHash, type DocOpsTestApp } from '../testing/docOpsWorld';
import { makeInboxApp } from '../testing/inboxWorld';
import { API, basic, makeWorldApp, signIn } from '../testing/testApp';
import { COOKIE_ONLY_MESSAGE } from './cookieOnly';
import { clearTokenCookie, setTokenCookie } from './cookies';

const cleanup: string[] = [];
afterEach(() => {
  for (const d of cleanup.splice(0)) rmSync(d, { recursive: true, force: true });
});

const setCookies = (res: request.Response): string[] => res.headers['set-cookie'] as unknown as string[];

describe('cookie attributes', () => {
  it('never takes attributes from the Host header (the exact reproduction of issue 20)', async () => {
    const { app } = makeWorldApp();
    const res = await request(app)
      .get(`${API}dbs`)
      .set('Authorization', basic('reader'))
      .set('Host', 'evil.example; secure; domain=attacker')
      .expect(200);
    expect(setCookies(res)).toEqual([
      'authenticatedUser=reader; expires=Wed, 22-Nov-2028 14:57:06 GMT; path=/',
    ]);
    for (const host of [
      'evil.example;domain=x',
      'a b.example',
      'under_score.example',
      '-x.example',
      '[::1]:8080',
    ])
      expect(
        setCookies(
          await request(app).get(`${API}dbs`).set('Authorization', basic('reader')).set('Host', host),
        ),
        host,
      ).toEqual(['authenticatedUser=reader; expires=Wed, 22-Nov-2028 14:57:06 GMT; path=/']);
  });

  it('keeps domain=<host> for a valid host name, as the real server does', async () => {
    const { app } = makeWorldApp();
    const res = await request(app)
      .get(`${API}licenses`)
      .set('Authorization', basic('reader'))
      .set('Host', 'GS-01.example.com:8080')
      .expect(200);
    const token = (res.body as { Token: string }).Token;
    expect(setCookies(res)).toEqual([
      `sstoken=${token}; domain=GS-01.example.com; path=/; HttpOnly; SameSite=Strict`,
      'authenticatedUser=reader; domain=GS-01.example.com; expires=Wed, 22-Nov-2028 14:57:06 GMT; path=/',
    ]);
  });

  it('makes the token cookie HttpOnly and SameSite=Strict, and Secure over https', () => {
    const headers: string[] = [];
    const res = { append: (_name: string, value: string) => headers.push(value) } as unknown as Response;
    const over = (secure: boolean) => ({ hostname: 'localhost', secure }) as Request;
    setTokenCookie(over(false), res, 'abc');
    setTokenCookie(over(true), res, 'abc');
    clearTokenCookie(over(true), res);
    expect(headers).toEqual([
      'sstoken=abc; path=/; HttpOnly; SameSite=Strict',
      'sstoken=abc; path=/; HttpOnly; SameSite=Strict; secure',
      'sstoken=; expires=Thu, 01-Jan-1970 00:00:00 GMT; path=/; HttpOnly; SameSite=Strict; secure',
    ]);
  });
});

describe('GET routes that change data and a token only from the cookie', () => {
  const tokenOf = async (t: { app: Parameters<typeof signIn>[0] }, user = 'full.user') =>
    (await signIn(t.app, user)).Token;

  it('refuses GET documents/{id}/delete, copy and move with 403 and changes nothing', async () => {
    const t: DocOpsTestApp = makeDocOpsApp();
    cleanup.push(t.d.dataDir);
    const token = await tokenOf(t);
    const path = (op: string) =>
      `${API}dbs/${t.w.alpha}/archives/${t.w.invoices}/documents/${t.d.docA}/${op}`;
    const q = { SecureId: docHash(t, t.d.docA), DestinationArchive: t.w.invoices };
    for (const op of ['delete', 'copy', 'move']) {
      const res = await request(t.app).get(path(op)).query(q).set('Cookie', `sstoken=${token}`).expect(403);
      expect(res.body).toEqual({ Message: COOKIE_ONLY_MESSAGE });
    }
    const doc = t.db.prepare(`SELECT id FROM doc_${t.w.alpha} WHERE id = ?`).get(t.d.docA);
    expect(doc).toEqual({ id: t.d.docA });
    // the same call with the token as a client sends it (header or query) goes through
    await request(t.app)
      .get(path('delete'))
      .query({ SecureId: q.SecureId })
      .set('Cookie', `sstoken=${token}`)
      .set('Auth-Token', token)
      .expect(200);
  });

  it('refuses GET inboxes/{id} copy/move and GET files?action=burst from the cookie alone', async () => {
    const t = makeInboxApp();
    cleanup.push(t.i.dataDir);
    const token = await tokenOf(t);
    const move = await request(t.app)
      .get(`${API}inboxes/${t.i.scans}?FilePath=alpha.pdf&targetInboxId=${t.i.mail}&deleteOriginal=true`)
      .set('Cookie', `sstoken=${token}`)
      .expect(403);
    expect(move.body).toEqual({ Message: COOKIE_ONLY_MESSAGE });
    const burst = await request(t.app)
      .get(`${API}files?fileName=alpha.pdf&action=burst&RequestedPages=1&InboxId=${t.i.scans}`)
      .set('Cookie', `sstoken=${token}`)
      .expect(403);
    expect(burst.body).toEqual({ Message: COOKIE_ONLY_MESSAGE });
    // reading with the cookie stays possible
    await request(t.app).get(`${API}inboxes/${t.i.scans}`).set('Cookie', `sstoken=${token}`).expect(200);
    await request(t.app)
      .get(`${API}inboxes/${t.i.scans}?FilePath=alpha.pdf&targetInboxId=${t.i.mail}&Token=${token}`)
      .expect(200);
  });
});

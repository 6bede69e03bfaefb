import { beforeEach, describe, expect, it } from 'vitest';
import request from 'supertest';
import { setSeats } from '@gs/simulator-fixtures/builders';
import { LicenseType } from '@gs/contract/flags';
import type { License } from '@gs/contract/licenses';
import { API, MINUTE, basic, makeWorldApp, signIn, type TestApp } from '../../testing/testApp';
import { LICENSE_MANAGER_FORBIDDEN } from './licenseManager';

let t: TestApp;
let admin: License;
beforeEach(async () => {
  t = makeWorldApp();
  admin = await signIn(t.app, 'SSAdministrator');
});
const asAdmin = (method: 'get' | 'delete', path: string) =>
  request(t.app)[method](`${API}${path}`).set('Auth-Token', admin.Token);

describe('GET LicenseManager', () => {
  it('lists the live licences as License objects, oldest first', async () => {
    t.clock.advance(1000);
    const full = await signIn(t.app, 'full.user');
    t.clock.advance(1000);
    const reader = await signIn(t.app, 'reader');
    t.clock.advance(5 * MINUTE);
    const res = await asAdmin('get', 'LicenseManager').expect(200);
    const body = res.body as License[];
    expect(body.map((l) => l.Username)).toEqual(['SSAdministrator', 'full.user', 'reader']);
    expect(body[1]).toEqual(full);
    expect(body[2]).toEqual(reader);
    expect(Object.keys(body[0] ?? {})).toEqual(Object.keys(full));
  });

  it('leaves out expired licences', async () => {
    await signIn(t.app, 'full.user');
    t.clock.advance(15 * MINUTE);
    await request(t.app).get(`${API}licenses?token=${admin.Token}`).expect(200);
    t.clock.advance(10 * MINUTE);
    const res = await asAdmin('get', 'licensemanager/').expect(200);
    expect((res.body as License[]).map((l) => l.Username)).toEqual(['SSAdministrator']);
  });

  it('is for administrators of all databases only (403 with a Message)', async () => {
    const dbAdmin = await signIn(t.app, 'dbadmin');
    const res = await request(t.app).get(`${API}LicenseManager?token=${dbAdmin.Token}`).expect(403);
    expect(res.body).toEqual({ Message: LICENSE_MANAGER_FORBIDDEN });
    await request(t.app).delete(`${API}LicenseManager?All=true&token=${dbAdmin.Token}`).expect(403);
    await request(t.app).get(`${API}LicenseManager`).expect(401);
  });
});

describe('DELETE LicenseManager', () => {
  it('userToken with forceLogout=true removes the licence: the holder is refused and the seat is free', async () => {
    setSeats(t.db, LicenseType.Full, 2);
    const full = await signIn(t.app, 'full.user');
    const res = await asAdmin('delete', `LicenseManager?userToken=${full.Token}&forceLogout=true`).expect(
      200,
    );
    expect(res.text).toBe('');
    await request(t.app)
      .get(`${API}dbs?token=${full.Token}`)
      .expect(401, { Message: 'Authorization has been denied for this request.' });
    await request(t.app).get(`${API}licenses?token=${full.Token}`).expect(401);
    await signIn(t.app, 'dbadmin');
  });

  it('userToken with forceLogout=false deactivates: LicenseExpired, and the keep-alive takes the seat again', async () => {
    const full = await signIn(t.app, 'full.user');
    await asAdmin('delete', `licensemanager?USERTOKEN=${full.Token}&forcelogout=false`).expect(200);
    await request(t.app).get(`${API}dbs?token=${full.Token}`).expect(401, { Message: 'LicenseExpired' });
    const renewed = await request(t.app).get(`${API}licenses?token=${full.Token}`).expect(200);
    expect(renewed.body.Token).toBe(full.Token);
    await request(t.app).get(`${API}dbs?token=${full.Token}`).expect(200);
  });

  it("All=true revokes every licence but the administrator's own", async () => {
    const full = await signIn(t.app, 'full.user');
    const web = await signIn(t.app, 'web.user');
    await asAdmin('delete', 'LicenseManager?All=true&forceLogout=true').expect(200);
    await request(t.app).get(`${API}dbs?token=${full.Token}`).expect(401);
    await request(t.app).get(`${API}dbs?token=${web.Token}`).expect(401);
    const left = await asAdmin('get', 'LicenseManager').expect(200);
    expect((left.body as License[]).map((l) => l.Token)).toEqual([admin.Token]);
  });

  it('answers 404 for an unknown token and 400 without userToken or All', async () => {
    const res = await asAdmin('delete', 'LicenseManager?userToken=nope').expect(404);
    expect(res.body).toEqual({ Message: "License 'nope' was not found." });
    const bad = await asAdmin('delete', 'LicenseManager').expect(400);
    expect(bad.body.Message).toBe('The request is invalid.');
    await asAdmin('delete', 'LicenseManager?All=maybe').expect(400);
  });

  it('works with Basic alone', async () => {
    await request(t.app)
      .delete(`${API}LicenseManager?All=true&forceLogout=false`)
      .set('Authorization', basic('SSAdministrator'))
      .expect(200);
    await request(t.app).get(`${API}dbs?token=${admin.Token}`).expect(401, { Message: 'LicenseExpired' });
  });
});

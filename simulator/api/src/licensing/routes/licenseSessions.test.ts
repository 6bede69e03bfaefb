// A token per sign-in, a seat per user (issue 30: 1, decision 056): a client running several
// sessions of one user in parallel (the Go copy tool) gets a token for each, releases each on its
// own, and the licence manager releases the user's seat, which ends every one of them.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { setSeats } from '@gs/simulator-fixtures/builders';
import { ALL_LICENSES_IN_USE, type License } from '@gs/contract/licenses';
import { AUTHORIZATION_DENIED } from '@gs/contract/errors';
import { LicenseType } from '@gs/contract/flags';
import { API, MINUTE, basic, makeWorldApp, signIn, type TestApp } from '../../testing/testApp';

let dataDir: string;
let t: TestApp;
beforeEach(() => {
  dataDir = mkdtempSync(join(tmpdir(), 'gs-sessions-'));
  t = makeWorldApp({ files: { dataDir } });
  // the administrator and full.user: two seats, so a third user is refused
  setSeats(t.db, LicenseType.Full, 2);
});
afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

const fourSignIns = async (): Promise<License[]> =>
  Promise.all([1, 2, 3, 4].map(() => signIn(t.app, 'full.user')));
/** a write with the token alone: an upload into the user's cache, the copy tool's first step */
const upload = (token: string) =>
  request(t.app).post(`${API}files?Token=${token}`).attach('File', Buffer.from('%PDF-1.4 x'), 'page.pdf');

describe('parallel sign-ins of one user', () => {
  it('give four distinct tokens on one seat', async () => {
    const admin = await signIn(t.app, 'SSAdministrator');
    const sessions = await fourSignIns();
    expect(new Set(sessions.map((s) => s.Token)).size).toBe(4);
    // both seats are taken (the administrator's and full.user's): another user is refused
    await request(t.app)
      .get(`${API}licenses`)
      .set('Authorization', basic('dbadmin'))
      .expect(400, `"${ALL_LICENSES_IN_USE}"`);
    // full.user signs in a fifth time on the seat they hold
    await signIn(t.app, 'full.user');
    const listed = await request(t.app)
      .get(`${API}LicenseManager`)
      .set('Auth-Token', admin.Token)
      .expect(200);
    const users = new Set((listed.body as License[]).map((l) => l.Username));
    expect([...users].sort()).toEqual(['SSAdministrator', 'full.user']);
  });

  it('release one at a time: the other three go on working, and a second release is an empty 200', async () => {
    const [first, ...others] = await fourSignIns();
    const released = await request(t.app).get(`${API}licenses/${first?.Token}`).expect(200);
    expect(released.text).toBe('');
    await upload(first?.Token ?? '').expect(401, { Message: AUTHORIZATION_DENIED });
    for (const s of others) await upload(s.Token).expect(200);

    const again = await request(t.app)
      .get(`${API}licenses/${first?.Token}?Token=${first?.Token}`)
      .expect(200);
    expect(again.headers['content-length']).toBe('0');
    expect(again.text).toBe('');
    await request(t.app).delete(`${API}licenses/${first?.Token}`).expect(200, '');
    // the others are still live after all that
    for (const s of others)
      await request(t.app).get(`${API}licenses?validate=${s.Token}`).expect(200, 'true');
  });

  it('expire one by one when idle', async () => {
    const [idle, busy] = await fourSignIns();
    t.clock.advance(15 * MINUTE);
    await request(t.app).get(`${API}dbs?token=${busy?.Token}`).expect(200);
    t.clock.advance(10 * MINUTE);
    await request(t.app).get(`${API}dbs?token=${busy?.Token}`).expect(200);
    await request(t.app).get(`${API}dbs?token=${idle?.Token}`).expect(401, { Message: 'LicenseExpired' });
  });

  it('forget a token a day after its idle time, at the next sign-in', async () => {
    const [old] = await fourSignIns();
    t.clock.advance(30 * MINUTE);
    await request(t.app).get(`${API}dbs?token=${old?.Token}`).expect(401, { Message: 'LicenseExpired' });
    t.clock.advance(24 * 60 * MINUTE);
    await signIn(t.app, 'full.user');
    await request(t.app).get(`${API}dbs?token=${old?.Token}`).expect(401, { Message: AUTHORIZATION_DENIED });
    expect(t.db.prepare('SELECT COUNT(*) FROM licenses').pluck().get()).toBe(1);
  });

  it("the licence manager's release of the user ends all four, and frees the seat", async () => {
    const admin = await signIn(t.app, 'SSAdministrator');
    const sessions = await fourSignIns();
    await request(t.app)
      .delete(`${API}LicenseManager?userToken=${sessions[2]?.Token}&forceLogout=true`)
      .set('Auth-Token', admin.Token)
      .expect(200);
    for (const s of sessions) await upload(s.Token).expect(401, { Message: AUTHORIZATION_DENIED });
    await request(t.app).get(`${API}dbs?token=${admin.Token}`).expect(200);
    await signIn(t.app, 'dbadmin');
  });

  it("release all keeps every sign-in of the administrator's own user", async () => {
    const admin = await signIn(t.app, 'SSAdministrator');
    const script = await signIn(t.app, 'SSAdministrator');
    const sessions = await fourSignIns();
    await request(t.app)
      .delete(`${API}LicenseManager?All=true&forceLogout=true`)
      .set('Auth-Token', admin.Token)
      .expect(200);
    for (const s of sessions) await request(t.app).get(`${API}dbs?token=${s.Token}`).expect(401);
    await request(t.app).get(`${API}dbs?token=${script.Token}`).expect(200);
  });
});

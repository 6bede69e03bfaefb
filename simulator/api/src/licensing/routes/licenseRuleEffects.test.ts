// Licence rules made through admin/licenserules change at once how long the licences of the user
// or group they name may live and stay idle (decision 019): read back through the end-user
// licence routes, the seat count and the licence manager.
import request from 'supertest';
import { beforeEach, describe, expect, it } from 'vitest';
import { setSeats } from '@gs/simulator-fixtures/builders';
import { LICENSE_EXPIRED_BODY } from '@gs/contract/licenses';
import { LicenseType } from '@gs/contract/flags';
import type { License } from '@gs/contract/licenses';
import { API, MINUTE, basic, makeWorldApp, signIn, type TestApp, type World } from '../../testing/testApp';

let t: TestApp & { w: World };
beforeEach(() => {
  t = makeWorldApp();
});

const HOUR = 60 * MINUTE;
const addRule = (body: object) =>
  request(t.app)
    .post(`${API}admin/licenserules`)
    .set('Authorization', basic('SSAdministrator'))
    .send(body)
    .expect(200);
/** a call with the token alone: 200 while the licence lives */
const use = (token: string) => request(t.app).get(`${API}dbs?token=${token}`);
const managed = async (): Promise<string[]> =>
  (
    (
      await request(t.app)
        .get(`${API}LicenseManager`)
        .set('Authorization', basic('SSAdministrator'))
        .expect(200)
    ).body as License[]
  ).map((l) => l.Username);

describe('licence rules in force', () => {
  it("a user's rule shortens the idle time; users without one keep the server's 20 minutes", async () => {
    await addRule({
      Name: 'Short',
      Type: 1,
      MaxTime: 1,
      MaxTimeType: 'hours',
      MaxTimeLastAccessed: 5,
      UserOrGroup: 'full.user',
    });
    const ruled = await signIn(t.app, 'full.user');
    const other = await signIn(t.app, 'web.user');
    t.clock.advance(6 * MINUTE);
    await use(ruled.Token).expect(401, LICENSE_EXPIRED_BODY);
    await use(other.Token).expect(200);
    // timed out: the token alone does not renew it
    await request(t.app).get(`${API}licenses?token=${ruled.Token}`).expect(401, LICENSE_EXPIRED_BODY);
  });

  it("a group's rule lengthens the idle time of its members, and its life ends the licence however used", async () => {
    await addRule({
      Name: 'Long',
      Type: 1,
      MaxTime: 3,
      MaxTimeType: 'hours',
      MaxTimeLastAccessed: 2,
      MaxTimeLastAccessedType: 'hours',
      UserOrGroup: 'Accounting',
    });
    const member = await signIn(t.app, 'grouped');
    const other = await signIn(t.app, 'full.user');
    t.clock.advance(90 * MINUTE);
    await use(other.Token).expect(401, LICENSE_EXPIRED_BODY);
    await use(member.Token).expect(200);
    expect(await managed()).toEqual(['grouped']);
    t.clock.advance(90 * MINUTE);
    await use(member.Token).expect(200);
    t.clock.advance(1 * MINUTE);
    // 3 hours and a minute since it was made, used 1 minute ago: past its life
    await use(member.Token).expect(401, LICENSE_EXPIRED_BODY);
  });

  it("a user's own rule wins over a group's", async () => {
    await addRule({
      Name: 'Group',
      Type: 1,
      MaxTime: 8,
      MaxTimeType: 'hours',
      MaxTimeLastAccessed: 2,
      MaxTimeLastAccessedType: 'hours',
      UserOrGroup: 'Accounting',
    });
    await addRule({
      Name: 'Own',
      Type: 1,
      MaxTime: 8,
      MaxTimeType: 'hours',
      MaxTimeLastAccessed: 10,
      UserOrGroup: 'grouped',
    });
    const { Token } = await signIn(t.app, 'grouped');
    t.clock.advance(11 * MINUTE);
    await use(Token).expect(401, LICENSE_EXPIRED_BODY);
  });

  it('a licence live under its rule holds its seat', async () => {
    setSeats(t.db, LicenseType.Full, 1);
    await addRule({
      Name: 'Long',
      Type: 1,
      MaxTime: 8,
      MaxTimeType: 'hours',
      MaxTimeLastAccessed: 1,
      MaxTimeLastAccessedType: 'hours',
      UserOrGroup: 'full.user',
    });
    await signIn(t.app, 'full.user');
    t.clock.advance(30 * MINUTE);
    await request(t.app).get(`${API}licenses`).set('Authorization', basic('dbadmin')).expect(400);
    t.clock.advance(31 * MINUTE);
    expect((await signIn(t.app, 'dbadmin')).Username).toBe('dbadmin');
  });

  it('deleting or changing a rule applies at once', async () => {
    const rule = (
      await addRule({
        Name: 'Long',
        Type: 1,
        MaxTime: 8,
        MaxTimeType: 'hours',
        MaxTimeLastAccessed: 1,
        MaxTimeLastAccessedType: 'hours',
        UserOrGroup: 'full.user',
      })
    ).body as { IID: number };
    const { Token } = await signIn(t.app, 'full.user');
    t.clock.advance(30 * MINUTE);
    await use(Token).expect(200);
    t.clock.advance(25 * MINUTE);
    const admin = basic('SSAdministrator');
    await request(t.app)
      .put(`${API}admin/licenserules?IID=${rule.IID}`)
      .set('Authorization', admin)
      .send({ MaxTimeLastAccessed: 30, MaxTimeLastAccessedType: 'minutes' })
      .expect(200);
    await use(Token).expect(200);
    t.clock.advance(HOUR / 2 + MINUTE);
    await use(Token).expect(401, LICENSE_EXPIRED_BODY);
    const again = await request(t.app)
      .get(`${API}licenses`)
      .set('Authorization', basic('full.user'))
      .expect(200);
    const live = async (token: string): Promise<string> =>
      (await request(t.app).get(`${API}licenses?validate=${token}`).expect(200)).text;
    t.clock.advance(25 * MINUTE);
    expect(await live(again.body.Token as string)).toBe('true');
    await request(t.app)
      .delete(`${API}admin/licenserules?IID=${rule.IID}`)
      .set('Authorization', admin)
      .expect(200);
    // the server's 20 minutes again: 25 idle minutes are too many
    expect(await live(again.body.Token as string)).toBe('false');
    await use(again.body.Token as string).expect(401, LICENSE_EXPIRED_BODY);
  });
});

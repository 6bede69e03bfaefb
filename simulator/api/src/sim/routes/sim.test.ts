import { beforeEach, describe, expect, it } from 'vitest';
import request from 'supertest';
import { simPaths } from '@gs/contract/sim';
import { API, MINUTE, basic, makeWorldApp, signIn, type TestApp } from '../../testing/testApp';

describe('test endpoints disabled', () => {
  it('are plain 404s', async () => {
    const { app } = makeWorldApp();
    await request(app).post(simPaths.seats).send({ Type: 1, Seats: 0 }).expect(404);
    await request(app).post(simPaths.clearLicenses).expect(404);
    await request(app).post(simPaths.clock).send({ advanceMs: 1 }).expect(404);
  });
});

describe('test endpoints enabled', () => {
  let t: TestApp;
  beforeEach(() => {
    t = makeWorldApp({ testEndpoints: true });
  });

  it('POST seats sets the seats of a licence type (keys in any casing)', async () => {
    await request(t.app).post(simPaths.seats).send({ type: 1, SEATS: 0 }).expect(200, { Type: 1, Seats: 0 });
    await request(t.app)
      .get(`${API}licenses`)
      .set('Authorization', basic('full.user'))
      .expect(400, '"All licenses are in use."');
    await request(t.app).post(simPaths.seats).send({ Type: 1, Seats: 1 }).expect(200);
    await signIn(t.app, 'full.user');
  });

  it('POST seats rejects a bad body with 400 and a Message', async () => {
    const res = await request(t.app).post(simPaths.seats).send({ Type: 3, Seats: -1 }).expect(400);
    expect(res.body.Message).toBe('The request is invalid.');
    expect(res.body.MessageDetail).toEqual(expect.any(String));
    await request(t.app)
      .post(simPaths.seats)
      .set('Content-Type', 'application/json')
      .send('{nope')
      .expect(400);
  });

  it('POST licenses/clear releases every licence', async () => {
    const a = await signIn(t.app, 'full.user');
    await signIn(t.app, 'reader');
    await request(t.app).post(simPaths.clearLicenses).expect(200, { Released: 2 });
    await request(t.app).get(`${API}dbs?token=${a.Token}`).expect(401);
  });

  it('POST clock moves the clock forward, expiring idle licences', async () => {
    const { Token } = await signIn(t.app, 'full.user');
    const res = await request(t.app)
      .post(simPaths.clock)
      .send({ advanceMs: 21 * MINUTE })
      .expect(200);
    expect(res.body).toEqual({ now: t.clock.now() });
    await request(t.app).get(`${API}dbs?token=${Token}`).expect(401, { Message: 'LicenseExpired' });
  });
});

// The licence touch is throttled (decision 078): a token's access time is written at most once per
// TOUCH_RESOLUTION_MS, so a busy client does not make a write on every request. Idle expiry still
// comes at the idle time after the last written use, and a release still ends a token at once.
import request from 'supertest';
import { beforeEach, describe, expect, it } from 'vitest';
import type { License } from '@gs/contract/licenses';
import { AUTHORIZATION_DENIED } from '@gs/contract/errors';
import { API, MINUTE, makeWorldApp, signIn, type TestApp } from '../../testing/testApp';
import { TOUCH_RESOLUTION_MS } from '../services/licensing';

const IDLE = 20 * MINUTE;

let t: TestApp;
beforeEach(() => {
  t = makeWorldApp({ config: { licenseIdleMinutes: IDLE / MINUTE } });
});

const use = (token: string) => request(t.app).get(`${API}dbs?token=${token}`);
const EXPIRED = { Message: 'LicenseExpired' };

/** the token's License as the licence manager lists it (the administrator's call touches only theirs) */
async function listed(admin: License, token: string): Promise<License | undefined> {
  const res = await request(t.app).get(`${API}LicenseManager`).set('Auth-Token', admin.Token).expect(200);
  return (res.body as License[]).find((l) => l.Token === token);
}

describe('the licence touch', () => {
  it('does not write the access time of a token used again within the resolution', async () => {
    const admin = await signIn(t.app, 'SSAdministrator');
    const lic = await signIn(t.app, 'full.user');
    t.clock.advance(TOUCH_RESOLUTION_MS - 1);
    await use(lic.Token).expect(200);
    expect((await listed(admin, lic.Token))?.DateAccessed).toBe(lic.DateCreated);

    t.clock.advance(1);
    await use(lic.Token).expect(200);
    expect((await listed(admin, lic.Token))?.DateAccessed).not.toBe(lic.DateCreated);
  });

  it('still expires a token at the idle time after its last written use', async () => {
    const lic = await signIn(t.app, 'full.user');
    t.clock.advance(MINUTE);
    await use(lic.Token).expect(200); // written: a minute is past the resolution
    t.clock.advance(TOUCH_RESOLUTION_MS - 1);
    await use(lic.Token).expect(200); // within the resolution: not written
    t.clock.advance(IDLE - TOUCH_RESOLUTION_MS + 1);
    // exactly the idle time after the written use: still live (and now written again)
    await use(lic.Token).expect(200);
    t.clock.advance(IDLE + 1);
    await use(lic.Token).expect(401, EXPIRED);
  });

  it('expires a token the idle time after the written use even when used within the resolution since', async () => {
    const lic = await signIn(t.app, 'full.user');
    t.clock.advance(TOUCH_RESOLUTION_MS - 1);
    await use(lic.Token).expect(200);
    t.clock.advance(IDLE - TOUCH_RESOLUTION_MS + 2);
    await use(lic.Token).expect(401, EXPIRED);
  });

  it('ends a released token at once, within the resolution of its last use', async () => {
    const lic = await signIn(t.app, 'full.user');
    await use(lic.Token).expect(200);
    await request(t.app).delete(`${API}licenses/${lic.Token}`).expect(200, '');
    await use(lic.Token).expect(401, { Message: AUTHORIZATION_DENIED });
  });
});

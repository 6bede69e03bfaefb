// The world of the server-wide administration tests (issue 12, adm3): the inbox world plus an
// administrator of all databases who holds only a read-only licence (type 4), and a caller that
// sends any method as any user with Basic.
import request from 'supertest';
import { expect } from 'vitest';
import { addUser } from '@gs/simulator-fixtures/builders';
import { INVALID_REQUEST } from '@gs/contract/errors';
import { LicenseType } from '@gs/contract/flags';
import type { Db } from '../db/connection';
import { makeInboxApp } from './inboxWorld';
import { API, PASSWORD, TEST_PASSWORD_COST, basic, type World } from './testApp';

export const RO_ADMIN = 'ro.admin';

export function makeAdminServerApp<X>(extra: (db: Db, w: World) => X = () => undefined as X) {
  return makeInboxApp((db, w) => {
    const roAdmin = addUser(db, {
      name: RO_ADMIN,
      password: PASSWORD,
      passwordCost: TEST_PASSWORD_COST,
      licenseType: LicenseType.ReadOnly,
      isAdminAll: true,
    });
    return { roAdmin, ...extra(db, w) };
  });
}
export type AdminServerApp<X = unknown> = ReturnType<typeof makeAdminServerApp<X>>;

export type Method = 'get' | 'post' | 'put' | 'delete';

/** `method path` as `user` (Basic), with a JSON body when given. */
export function callAs(
  t: { app: AdminServerApp['app'] },
  user: string,
  method: Method,
  path: string,
  body?: unknown,
) {
  const req = request(t.app)[method](`${API}${path}`).set('Authorization', basic(user));
  return body === undefined ? req : req.send(body as object);
}

/** The 400 envelope of a refused body. */
export const invalid = expect.objectContaining({
  Message: INVALID_REQUEST,
  MessageDetail: expect.any(String),
});

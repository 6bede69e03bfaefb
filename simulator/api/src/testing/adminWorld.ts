// The administration route tests' additions to testApp's world: an administrator of all databases
// on a read-only licence, the multi-database licence, and helpers that call the API as a user.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { addUser, setSetting } from '@gs/simulator-fixtures/builders';
import { LicenseType } from '@gs/contract/flags';
import type { Db } from '../db/connection';
import { API, PASSWORD, TEST_PASSWORD_COST, basic, makeWorldApp, type TestApp, type World } from './testApp';

/** Administrator of all databases whose licence is read-only (type 4). */
export const READ_ONLY_ADMIN = 'ro.admin';

export type AdminApp = TestApp & { w: World; dataDir: string };

export function makeAdminApp(extra: (db: Db, w: World) => void = () => {}): AdminApp {
  const dataDir = mkdtempSync(join(tmpdir(), 'gs-admin-test-'));
  const t = makeWorldApp({ files: { dataDir } }, (db, w) => {
    addUser(db, {
      name: READ_ONLY_ADMIN,
      password: PASSWORD,
      passwordCost: TEST_PASSWORD_COST,
      licenseType: LicenseType.ReadOnly,
      isAdminAll: true,
    });
    setSetting(db, 'feature.mdb', '1');
    extra(db, w);
  });
  return { ...t, dataDir };
}

type Method = 'get' | 'post' | 'put' | 'delete';

/** A call to the API as `user` (Basic), with a JSON body for POST and PUT. */
export function call(t: TestApp, user: string, method: Method, path: string, body?: unknown): request.Test {
  const req = request(t.app)[method](`${API}${path}`).set('Authorization', basic(user));
  return body === undefined ? req : req.send(body as object);
}

export const messageOf = (res: { body: unknown }): string => (res.body as { Message: string }).Message;
export const detailOf = (res: { body: unknown }): string =>
  (res.body as { MessageDetail: string }).MessageDetail;

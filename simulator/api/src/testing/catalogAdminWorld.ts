// The admin catalogue route tests (fields, table fields, lists, searches): the edit world, where `reader` (a read-only licence) is also an
// administrator of Alpha, so its refusals come from the licence and not from its rights.
import request from 'supertest';
import { expect } from 'vitest';
import { grantDatabase } from '@gs/simulator-fixtures/builders';
import { INVALID_REQUEST } from '@gs/contract/errors';
import { makeEditApp, type EditTestApp } from './editWorld';
import { API, basic } from './testApp';

export function makeAdminApp(options: Parameters<typeof makeEditApp>[1] = {}): EditTestApp {
  return makeEditApp((db, w) => grantDatabase(db, w.alpha, w.reader, 1), options);
}

export type Method = 'get' | 'post' | 'put' | 'delete';

export const adminCall = (t: EditTestApp, user: string, method: Method, path: string, body?: unknown) => {
  const r = request(t.app)[method](`${API}${path}`).set('Authorization', basic(user));
  return body === undefined ? r : r.send(body as object);
};

/** A 400 in the API's shape whose MessageDetail says `detail`. */
export async function expectBadRequest(res: request.Test, detail: string | RegExp): Promise<void> {
  const r = await res.expect(400);
  expect(r.body).toMatchObject({ Message: INVALID_REQUEST });
  expect((r.body as { MessageDetail: string }).MessageDetail).toMatch(detail);
}

/** The rows of a table, to show a refused write changed nothing. */
export const snapshot = (t: EditTestApp, table: string): unknown[] =>
  t.db.prepare(`SELECT * FROM ${table} ORDER BY 1`).all();

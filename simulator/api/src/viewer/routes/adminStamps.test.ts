import { rmSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { addStamp } from '@gs/simulator-fixtures/builders';
import { STAMP_EXISTS, type AdminStamp } from '@gs/contract/admin/server';
import {
  callAs,
  invalid,
  makeAdminServerApp,
  RO_ADMIN,
  type AdminServerApp,
  type Method,
} from '../../testing/adminServerWorld';

let t: AdminServerApp<{ paid: number; voided: number }>;
beforeEach(() => {
  t = makeAdminServerApp((db) => ({ paid: addStamp(db, 'PAID @Today'), voided: addStamp(db, 'VOID') }));
});
afterEach(() => rmSync(t.i.dataDir, { recursive: true, force: true }));

const as = (user: string, method: Method, path: string, body?: unknown) =>
  callAs(t, user, method, path, body);
const admin = (method: Method, path: string, body?: unknown) => as('SSAdministrator', method, path, body);
/** what the viewer of an end user lists */
const viewerStamps = async (): Promise<string[]> =>
  ((await as('full.user', 'get', 'admin/stamps').expect(200)).body as AdminStamp[]).map((s) => s.Text);

describe('POST admin/stamps', () => {
  it('adds a trimmed stamp the viewer lists at once, sorted alphabetically', async () => {
    const res = await admin('post', 'admin/stamps', { text: '  Approved by @User ' }).expect(200);
    expect(res.body).toEqual({ Id: expect.any(Number), Text: 'Approved by @User' });
    expect(await viewerStamps()).toEqual(['Approved by @User', 'PAID @Today', 'VOID']);
  });

  it("refuses a stamp already there, whatever its casing, with 'Stamp already exists.'", async () => {
    for (const Text of ['VOID', 'void', ' Paid @today '])
      expect((await admin('post', 'admin/stamps', { Text }).expect(409)).body).toEqual({
        Message: STAMP_EXISTS,
      });
    expect(await viewerStamps()).toEqual(['PAID @Today', 'VOID']);
  });

  it('refuses an empty, too long or missing text with 400', async () => {
    for (const body of [
      undefined,
      {},
      { Text: '' },
      { Text: '   ' },
      { Text: null },
      { Text: 7 },
      { Text: 'x'.repeat(256) },
    ])
      expect((await admin('post', 'admin/stamps', body).expect(400)).body).toEqual(invalid);
    expect(await viewerStamps()).toEqual(['PAID @Today', 'VOID']);
  });
});

describe('DELETE admin/stamps/{id}', () => {
  it('removes the stamp for the viewer; an unknown one is 404', async () => {
    expect((await admin('delete', `admin/stamps/${t.x.voided}`).expect(200)).body).toBe(true);
    expect(await viewerStamps()).toEqual(['PAID @Today']);
    expect((await admin('delete', `admin/stamps/${t.x.voided}`).expect(404)).body).toEqual({
      Message: `Stamp ${t.x.voided} was not found.`,
    });
    expect((await admin('delete', 'admin/stamps/x').expect(400)).body).toEqual(invalid);
  });
});

describe('stamp rights', () => {
  it('only an administrator of all databases with a writing licence adds or deletes', async () => {
    for (const [user, message] of [
      ['full.user', 'Only administrators of all databases may do this.'],
      ['dbadmin', 'Only administrators of all databases may do this.'],
      [RO_ADMIN, 'A read-only license cannot change the administration.'],
    ] as const) {
      expect((await as(user, 'post', 'admin/stamps', { Text: 'NEW' }).expect(403)).body).toEqual({
        Message: message,
      });
      expect((await as(user, 'delete', `admin/stamps/${t.x.paid}`).expect(403)).body).toEqual({
        Message: message,
      });
    }
    expect(await viewerStamps()).toEqual(['PAID @Today', 'VOID']);
  });
});

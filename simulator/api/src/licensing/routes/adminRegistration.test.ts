import { createHash } from 'node:crypto';
import { rmSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { addDatabase, setSetting } from '@gs/simulator-fixtures/builders';
import { adminPaths } from '@gs/contract/admin/paths';
import type { AdminRegistration } from '@gs/contract/admin/server';
import {
  callAs,
  invalid,
  makeAdminServerApp,
  RO_ADMIN,
  type AdminServerApp,
  type Method,
} from '../../testing/adminServerWorld';

let t: AdminServerApp;
beforeEach(() => {
  t = makeAdminServerApp((db) => {
    setSetting(db, 'feature.usr', '5');
    setSetting(db, 'feature.gaw', '2');
    const archive = addDatabase(db, 'Archive2019');
    db.prepare(`UPDATE databases SET server = 'SQL02\\GS' WHERE id = ?`).run(archive);
  });
});
afterEach(() => rmSync(t.i.dataDir, { recursive: true, force: true }));

const as = (user: string, method: Method, path: string, body?: unknown) =>
  callAs(t, user, method, path, body);
const admin = (method: Method, path: string, body?: unknown) => as('SSAdministrator', method, path, body);
const registration = async (): Promise<AdminRegistration> =>
  (await admin('get', 'admin/registration').expect(200)).body as AdminRegistration;
/** the documented number (decision 019), computed here independently of the server's code */
const numberFor = (uid: string, serial: string): string =>
  (
    createHash('sha256')
      .update(`${uid}|${serial.toUpperCase()}`)
      .digest('hex')
      .toUpperCase()
      .slice(0, 16)
      .match(/.{4}/g) ?? []
  ).join('-');

describe('GET admin/registration', () => {
  it('answers an unregistered server with its stable unique id', async () => {
    const first = await registration();
    expect(first).toEqual({
      Product: 'GlobalSearch',
      RegNumber: '',
      RegType: 'Unregistered',
      Serial: '',
      UID: expect.stringMatching(/^[0-9A-F]{8}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{12}$/),
    });
    expect((await registration()).UID).toBe(first.UID);
  });

  it('?features=true maps each licensed feature to its count, as admin?feature= counts it', async () => {
    const features = { gaw: '2', usr: '5' };
    expect((await admin('get', adminPaths.registrationFeatures()).expect(200)).body).toEqual(features);
    expect((await admin('get', 'admin/registration?Features=TRUE').expect(200)).body).toEqual({
      gaw: '2',
      usr: '5',
    });
    expect((await admin('get', 'admin?feature=usr').expect(200)).body).toBe(5);
    expect((await admin('get', 'admin/registration?features=maybe').expect(400)).body).toEqual(invalid);
  });
});

describe('POST (web) and PUT (manual) admin/registration', () => {
  it('web registration gets the number of the serial on this server', async () => {
    const { UID } = await registration();
    const res = await admin('post', 'admin/registration', {
      uniqueid: UID.toLowerCase(),
      SERIAL: 'gs-2026-0042',
    });
    expect(res.status).toBe(200);
    const expected = { Product: 'GlobalSearch', RegNumber: numberFor(UID, 'gs-2026-0042'), RegType: 'Web' };
    expect(res.body).toEqual({ ...expected, Serial: 'gs-2026-0042', UID });
    expect(await registration()).toEqual(res.body);
  });

  it('manual registration needs the right number; a wrong one changes nothing', async () => {
    const { UID } = await registration();
    const wrong = await admin('put', 'admin/registration', {
      UniqueId: UID,
      Serial: 'GS-77',
      Registration: '0000-0000-0000-0000',
    }).expect(400);
    expect(wrong.body).toEqual(invalid);
    expect((await registration()).RegType).toBe('Unregistered');
    const number = numberFor(UID, 'GS-77');
    const body = { UniqueId: UID, Serial: 'GS-77', Registration: number.toLowerCase().replace(/-/g, ' ') };
    const res = await admin('put', 'admin/registration', body).expect(200);
    expect(res.body).toEqual({
      Product: 'GlobalSearch',
      RegNumber: number,
      RegType: 'Manual',
      Serial: 'GS-77',
      UID,
    });
  });

  it('refuses bad bodies with 400', async () => {
    const { UID } = await registration();
    const full = { UniqueId: UID, Serial: 'GS-77', Registration: numberFor(UID, 'GS-77') };
    for (const [method, body] of [
      ['post', undefined],
      ['post', {}],
      ['post', { Serial: 'G' }],
      ['post', { Serial: 'GS 77' }],
      ['post', { Serial: 'GS-77', UniqueId: 'not-this-server' }],
      ['put', undefined],
      ['put', { ...full, UniqueId: '' }],
      ['put', { ...full, Registration: '' }],
      ['put', { ...full, UniqueId: 'ABC' }],
      ['put', { ...full, Serial: 5 }],
    ] as [Method, unknown][])
      expect((await admin(method, 'admin/registration', body).expect(400)).body).toEqual(invalid);
    expect((await registration()).RegType).toBe('Unregistered');
  });
});

describe('admin/instances', () => {
  it('answers the default SQL instance and every instance the databases use', async () => {
    expect((await admin('get', 'admin/instances/default').expect(200)).text).toBe('"(local)"');
    expect((await admin('get', 'admin/instances/list').expect(200)).body).toEqual(['(local)', 'SQL02\\GS']);
  });
});

describe('registration and instance rights', () => {
  it('only administrators of all databases read; a read-only licence does not register', async () => {
    for (const user of ['full.user', 'dbadmin'])
      for (const path of [
        'admin/registration',
        'admin/registration?features=true',
        'admin/instances/default',
        'admin/instances/list',
      ])
        expect((await as(user, 'get', path).expect(403)).body.Message).toBe(
          'Only administrators of all databases may do this.',
        );
    await as(RO_ADMIN, 'get', 'admin/registration').expect(200);
    const { UID } = await registration();
    const body = { UniqueId: UID, Serial: 'GS-77', Registration: numberFor(UID, 'GS-77') };
    for (const user of ['dbadmin', RO_ADMIN])
      for (const method of ['post', 'put'] as Method[])
        await as(user, method, 'admin/registration', body).expect(403);
    expect((await registration()).RegType).toBe('Unregistered');
  });
});

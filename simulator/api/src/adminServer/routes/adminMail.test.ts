import { beforeEach, describe, expect, it } from 'vitest';
import { READ_ONLY_ADMIN, call, detailOf, makeAdminApp, type AdminApp } from '../../testing/adminWorld';

let t: AdminApp;
beforeEach(() => {
  t = makeAdminApp();
});
const admin = 'SSAdministrator';
const storedPassword = (databaseId: number): unknown =>
  t.db.prepare(`SELECT password FROM mail_servers WHERE database_id = ?`).pluck().get(databaseId);

describe("admin/notifications (the server's mail settings)", () => {
  it('answers defaults, saves a PUT of administrators of all and never shows the password', async () => {
    expect((await call(t, 'dbadmin', 'get', 'admin/notifications').expect(200)).body).toEqual({
      Server: '',
      Port: 25,
      Auth: { User: '', Password: '' },
    });
    const saved = await call(t, admin, 'put', 'admin/notifications', {
      server: 'smtp.example.com',
      PORT: '587',
      auth: { user: 'mailer', password: 's3cret' },
    }).expect(200);
    expect(saved.body).toEqual({
      Server: 'smtp.example.com',
      Port: 587,
      Auth: { User: 'mailer', Password: '' },
    });
    expect(storedPassword(0)).toBe('s3cret');
    // sending the blank password back keeps the stored one; clearing the user clears it
    await call(t, admin, 'put', 'admin/notifications', { Port: 2525, Auth: { Password: '' } }).expect(200);
    expect(storedPassword(0)).toBe('s3cret');
    await call(t, admin, 'put', 'admin/notifications', { Auth: { User: '' } }).expect(200);
    expect(storedPassword(0)).toBe('');
  });

  it('refuses other users, read-only licences and bad values', async () => {
    await call(t, 'full.user', 'get', 'admin/notifications').expect(403);
    await call(t, 'dbadmin', 'put', 'admin/notifications', { Server: 'x' }).expect(403);
    await call(t, READ_ONLY_ADMIN, 'put', 'admin/notifications', { Server: 'x' }).expect(403);
    expect(detailOf(await call(t, admin, 'put', 'admin/notifications', { Port: 70000 }).expect(400))).toMatch(
      /not between 1 and 65535/,
    );
    await call(t, admin, 'put', 'admin/notifications', { Port: 'smtp' }).expect(400);
    expect(
      detailOf(await call(t, admin, 'put', 'admin/notifications', { Server: 'smtp example' }).expect(400)),
    ).toMatch(/not a host name/);
    await call(t, admin, 'put', 'admin/notifications', [1]).expect(400);
    expect(storedPassword(0)).toBeUndefined();
  });
});

describe('admin/databases/{db}/notifications', () => {
  it("falls back to the server's settings until the database has its own", async () => {
    const path = `admin/databases/${t.w.alpha}/notifications`;
    await call(t, admin, 'put', 'admin/notifications', { Server: 'smtp.example.com' }).expect(200);
    expect((await call(t, 'dbadmin', 'get', path).expect(200)).body).toMatchObject({
      Server: 'smtp.example.com',
    });
    await call(t, 'dbadmin', 'put', path, { Server: 'mail.alpha.local', Port: 465 }).expect(200);
    expect((await call(t, admin, 'get', path).expect(200)).body).toEqual({
      Server: 'mail.alpha.local',
      Port: 465,
      Auth: { User: '', Password: '' },
    });
    expect((await call(t, admin, 'get', 'admin/notifications').expect(200)).body).toMatchObject({
      Server: 'smtp.example.com',
    });
    await call(t, 'dbadmin', 'get', `admin/databases/${t.w.beta}/notifications`).expect(403);
    await call(t, 'dbadmin', 'put', `admin/databases/${t.w.beta}/notifications`, { Port: 1 }).expect(403);
    await call(t, READ_ONLY_ADMIN, 'put', path, { Port: 1 }).expect(403);
    await call(t, admin, 'get', 'admin/databases/999/notifications').expect(404);
  });
});

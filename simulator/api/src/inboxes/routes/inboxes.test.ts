// Inbox routes (contract/inboxes.ts): list, files with paging, DocDetails, download, thumbnail,
// upload from the cache, rename, copy/move, delete, and the permission bits.
import { existsSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import request from 'supertest';
import { afterEach, describe, expect, it } from 'vitest';
import { ALL_INBOX_PERMISSIONS } from '@gs/contract/flags';
import type { DocDetails, Inbox, InboxesResponse } from '@gs/contract/inboxes';
import { API, basic, signIn } from '../../testing/testApp';
import { makeInboxApp, putInCache, userCache } from '../../testing/inboxWorld';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});
function world() {
  const t = makeInboxApp();
  dirs.push(t.i.dataDir);
  const as = (user: string) => ({
    get: (path: string) => request(t.app).get(`${API}${path}`).set('Authorization', basic(user)),
    post: (path: string) => request(t.app).post(`${API}${path}`).set('Authorization', basic(user)),
    put: (path: string) => request(t.app).put(`${API}${path}`).set('Authorization', basic(user)),
    del: (path: string) => request(t.app).delete(`${API}${path}`).set('Authorization', basic(user)),
  });
  const files = (dir: string): string[] => readdirSync(join(t.i.dataDir, 'inboxes', dir)).sort();
  return { ...t, as, files };
}

describe('GET inboxes', () => {
  it('lists the inboxes the user may view with their counts', async () => {
    const { as, i } = world();
    const body = (await as('full.user').get('inboxes').expect(200)).body as InboxesResponse;
    expect(body.InboxOptions).toBe(0);
    expect(body.Inboxes.map((x) => [x.Name, x.Count, x.Permissions, x.Files])).toEqual([
      ['Mail', 1, 3, []],
      ['Scans', 3, ALL_INBOX_PERMISSIONS, []],
    ]);
    expect(body.Inboxes[1]).toMatchObject({ Id: i.scans, Path: 'scans' });
    const admin = (await as('SSAdministrator').get('inboxes').expect(200)).body as InboxesResponse;
    expect(admin.Inboxes.map((x) => x.Name)).toEqual(['Hidden', 'Mail', 'Scans']);
    const grouped = (await as('grouped').get('inboxes').expect(200)).body as InboxesResponse;
    expect(grouped.Inboxes.map((x) => x.Name)).toEqual(['Mail']);
    const none = (await as('nobody').get('inboxes').expect(200)).body as InboxesResponse;
    expect(none.Inboxes).toEqual([]);
  });

  it('gives one inbox with its files, paged and sorted', async () => {
    const { as, i } = world();
    const inbox = (await as('full.user').get(`inboxes/${i.scans}`).expect(200)).body as Inbox;
    expect(inbox.Count).toBe(3);
    expect(inbox.Files.map((f) => f.FileName + f.FileType)).toEqual(['alpha.pdf', 'beta.txt', 'gamma.txt']);
    expect(inbox.Files[0]).toMatchObject({ FileName: 'alpha', FileType: '.pdf', Fields: [], NewName: false });
    expect(inbox.Files[0]?.DateModified).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{7}[+-]\d\d:\d\d$/);
    const page = (
      await as('full.user').get(`inboxes?Id=${i.scans}&pageNumber=2&numberOfDocuments=2&sort=name`)
    ).body as Inbox;
    expect(page.Count).toBe(3);
    expect(page.Files.map((f) => f.FileName)).toEqual(['gamma']);
    const desc = (await as('full.user').get(`inboxes/${i.scans}?sort=-name`)).body as Inbox;
    expect(desc.Files.map((f) => f.FileName)).toEqual(['gamma', 'beta', 'alpha']);
    await as('full.user').get(`inboxes/${i.hidden}`).expect(404);
    await as('web.user').get(`inboxes/${i.mail}`).expect(404);
  });

  it('answers DocDetails, the bytes and a thumbnail of a file', async () => {
    const { as, i } = world();
    const details = (await as('full.user').get(`inboxes?FilePath=alpha.pdf&Id=${i.scans}`).expect(200))
      .body as DocDetails;
    expect(details).toMatchObject({
      Extension: '.pdf',
      FileName: 'alpha.pdf',
      Id: String(i.scans),
      IsNative: false,
    });
    // the inbox's configured path, not the server's data folder
    expect(details.FullPath).toBe('scans\\alpha.pdf');
    expect(JSON.stringify(details)).not.toContain(i.dataDir);
    const file = await as('full.user').get(`inboxes/${i.scans}?FileName=beta.txt`).expect(200);
    expect(file.headers['content-type']).toMatch(/^text\/plain/);
    expect(file.text).toBe('beta');
    const thumb = await as('full.user').get(`inboxes/${i.scans}/thumb?FileName=beta.txt`).expect(200);
    expect(thumb.headers['content-type']).toBe('image/jpeg');
    await as('full.user').get(`inboxes/${i.scans}?FileName=missing.txt`).expect(404);
    const bad = await as('full.user').get(`inboxes/${i.scans}?FileName=..%2F..%2Fsecret`).expect(400);
    expect((bad.body as { Message: string }).Message).toMatch(/not valid/);
  });
});

describe('inbox file changes', () => {
  it('moves an uploaded cache file into the inbox, with a unique name on a clash', async () => {
    const { as, i, files, app, w } = world();
    putInCache(i.dataDir, w.full, 'c1.pdf', 'new');
    putInCache(i.dataDir, w.full, 'c2.pdf', 'newer');
    const { Token } = await signIn(app, 'full.user');
    const first = await request(app).post(
      `${API}inboxes/${i.scans}?FilePath=c1.pdf&newFileName=alpha.pdf&Token=${Token}`,
    );
    expect(first.status).toBe(200);
    expect(first.body).toBe('alpha (1).pdf');
    await as('full.user').post(`inboxes/${i.scans}?FilePath=c2.pdf&newFileName=fresh.pdf`).expect(200);
    expect(files('scans')).toEqual(['alpha (1).pdf', 'alpha.pdf', 'beta.txt', 'fresh.pdf', 'gamma.txt']);
    expect(readdirSync(userCache(i.dataDir, w.full))).toEqual([]);
    await as('full.user').post(`inboxes/${i.scans}?FilePath=gone.pdf`).expect(404);
    await as('full.user').post(`inboxes/${i.scans}?FilePath=..%2Fx.pdf`).expect(400);
  });

  it('renames with Modify, keeping the extension', async () => {
    const { as, i, files } = world();
    const res = await as('full.user')
      .put(`inboxes/${i.scans}`)
      .send({ FileName: 'beta', FileType: '.txt', NewName: 'renamed' });
    expect(res.status).toBe(200);
    expect(res.body).toBe('renamed.txt');
    expect(files('scans')).toEqual(['alpha.pdf', 'gamma.txt', 'renamed.txt']);
    await as('full.user')
      .put(`inboxes/${i.scans}`)
      .send({ fileName: 'gamma.txt', newName: 'alpha.pdf' })
      .expect(409);
    await as('full.user')
      .put(`inboxes/${i.scans}`)
      .send({ FileName: 'gamma.txt', NewName: '../x.txt' })
      .expect(400);
    await as('full.user').put(`inboxes/${i.mail}`).send({ FileName: 'letter.txt', NewName: 'x' }).expect(403);
  });

  it('copies and moves to another inbox', async () => {
    const { as, i, files } = world();
    const copy = await as('full.user').get(
      `inboxes/${i.scans}?FilePath=beta.txt&targetInboxId=${i.mail}&deleteOriginal=false`,
    );
    expect(copy.status).toBe(200);
    expect(copy.body).toBe('beta.txt');
    expect(files('scans')).toContain('beta.txt');
    const move = await as('full.user').get(
      `inboxes/${i.scans}?FilePath=beta.txt&targetInboxId=${i.mail}&deleteOriginal=true`,
    );
    expect(move.body).toBe('beta (1).txt');
    expect(files('scans')).toEqual(['alpha.pdf', 'gamma.txt']);
    expect(files('mail')).toEqual(['beta (1).txt', 'beta.txt', 'letter.txt']);
    expect(readFileSync(join(i.dataDir, 'inboxes', 'mail', 'beta (1).txt'), 'utf8')).toBe('beta');
    // no Move on Mail, no Add on Scans for web.user
    await as('full.user')
      .get(`inboxes/${i.mail}?FilePath=letter.txt&targetInboxId=${i.scans}&deleteOriginal=true`)
      .expect(403);
    await as('full.user').get(`inboxes/${i.scans}?FilePath=alpha.pdf&targetInboxId=${i.hidden}`).expect(404);
  });

  it('deletes with the Delete bit only', async () => {
    const { as, i, files } = world();
    await as('full.user').del(`inboxes/${i.scans}?FilePath=gamma.txt`).expect(200);
    expect(files('scans')).toEqual(['alpha.pdf', 'beta.txt']);
    await as('full.user').del(`inboxes/${i.mail}?FilePath=letter.txt`).expect(403);
    await as('web.user').del(`inboxes/${i.scans}?FilePath=beta.txt`).expect(403);
    await as('full.user').del(`inboxes/${i.scans}?FilePath=gamma.txt`).expect(404);
    await as('grouped').del(`inboxes/${i.mail}?FilePath=letter.txt`).expect(200);
    expect(existsSync(join(i.dataDir, 'inboxes', 'mail', 'letter.txt'))).toBe(false);
  });

  it('lets a read-only licence look but not change anything', async () => {
    const { as, i, files, w } = world();
    await as('reader').get(`inboxes/${i.scans}`).expect(200);
    await as('reader').del(`inboxes/${i.scans}?FilePath=beta.txt`).expect(403);
    await as('reader').put(`inboxes/${i.scans}`).send({ FileName: 'beta.txt', NewName: 'b' }).expect(403);
    putInCache(i.dataDir, w.reader, 'c.pdf', 'x');
    await as('reader').post(`inboxes/${i.scans}?FilePath=c.pdf`).expect(403);
    expect(files('scans')).toEqual(['alpha.pdf', 'beta.txt', 'gamma.txt']);
  });
});

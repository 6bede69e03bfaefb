import { rmSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import request from 'supertest';
import type { ViewerSession } from '@gs/contract/viewer';
import { API } from '../../testing/testApp';
import {
  getSession,
  makeViewerApp,
  postSession,
  viewerHash,
  type ViewerTestApp,
} from '../../testing/viewerWorld';
import { SESSION_LIFETIME_MS, VIEWED_MESSAGE } from './viewerSessions';

let t: ViewerTestApp;
beforeEach(async () => {
  t = await makeViewerApp();
});
afterEach(() => {
  rmSync(t.v.dataDir, { recursive: true, force: true });
});

const post = (body: unknown, user?: string) => postSession(t, body, user);
const get = (id: string, user?: string) => getSession(t, id, user);

const docOf = (id: number, archive = t.w.invoices) => ({ Archive: archive, Id: id, Hash: viewerHash(t, id) });

describe('POST session', () => {
  it('answers the new session id as a bare string, read back by GET session/{id}', async () => {
    const created = await post({
      Database: t.w.alpha,
      Archive: t.w.invoices,
      SearchId: 7,
      SearchCriteria: '{"1":"Acme"}',
      Documents: [{ ...docOf(t.v.pdf), ContentSearchTerms: 'fox' }, docOf(t.v.tiff)],
    }).expect(200);
    expect(typeof created.body).toBe('string');
    const res = await get(created.body as string).expect(200);
    const session = res.body as ViewerSession;
    expect(session).toMatchObject({
      _Id: created.body,
      Archive: t.w.invoices,
      Database: t.w.alpha,
      InboxId: 0,
      SearchId: 7,
      SearchCriteria: '{"1":"Acme"}',
      Creator: 'full.user',
      Uploaded: false,
    });
    expect(session.Created).toMatch(/^\d{4}-\d\d-\d\dT.*[+-]\d\d:\d\d$/);
    expect(session.Documents).toEqual([
      expect.objectContaining({
        Archive: t.w.invoices,
        ArchiveName: 'Invoices',
        Id: t.v.pdf,
        Hash: viewerHash(t, t.v.pdf),
        ContentSearch: 'fox',
        FileType: '.pdf',
        PageCount: 2,
        OriginalFileName: `${t.v.pdf}.pdf`,
      }),
      expect.objectContaining({ Id: t.v.tiff, FileType: '.tif', PageCount: 2, ContentSearch: '' }),
    ]);
    expect(session.Documents[0]?.Permissions).toBeGreaterThan(0);
  });

  it('writes a Document Viewed history entry per archive document opened, none for a refused one or a read', async () => {
    const viewed = () =>
      t.db
        .prepare(
          `SELECT document_id AS doc, user_name AS user, category, time FROM audit WHERE message = ? ORDER BY id`,
        )
        .all(VIEWED_MESSAGE) as { doc: number; user: string; category: string; time: number }[];
    const created = await post({
      Database: t.w.alpha,
      Documents: [docOf(t.v.pdf), docOf(t.v.tiff)],
    }).expect(200);
    const now = t.clock.now();
    expect(viewed()).toEqual([
      { doc: t.v.pdf, user: 'full.user', category: 'viewed', time: now },
      { doc: t.v.tiff, user: 'full.user', category: 'viewed', time: now },
    ]);
    await get(created.body as string).expect(200);
    await post({
      Database: t.w.alpha,
      Documents: [docOf(t.v.pdf), { ...docOf(t.v.tiff), Hash: 'x' }],
    }).expect(403);
    expect(viewed()).toHaveLength(2);
  });

  it('accepts any key casing', async () => {
    const created = await post({
      database: t.w.alpha,
      documents: [{ archive: t.w.invoices, id: t.v.pdf, hash: viewerHash(t, t.v.pdf) }],
    }).expect(200);
    const res = await get(created.body as string).expect(200);
    expect((res.body as ViewerSession).Documents[0]?.Id).toBe(t.v.pdf);
  });

  it('refuses a body without documents (400 with a Message)', async () => {
    for (const body of [{}, { Database: t.w.alpha, Documents: [] }, [1, 2], { Documents: [{}] }]) {
      const res = await post(body).expect(400);
      expect((res.body as { Message: string }).Message).toBeTruthy();
    }
    const noDb = await post({ Documents: [docOf(t.v.pdf)] }).expect(400);
    expect(noDb.body).toHaveProperty('MessageDetail');
    await post({ Database: 'x', Documents: [docOf(t.v.pdf)] }).expect(400);
  });

  it('refuses a wrong hash (403) and documents the caller cannot see (404)', async () => {
    const wrong = await post({
      Database: t.w.alpha,
      Documents: [{ Archive: t.w.invoices, Id: t.v.pdf, Hash: viewerHash(t, t.v.tiff) }],
    }).expect(403);
    expect((wrong.body as { Message: string }).Message).toMatch(/SecureId/);
    await post({ Database: t.w.alpha, Documents: [docOf(99999)] }).expect(404);
    // the document is not in the archive named
    await post({ Database: t.w.alpha, Documents: [docOf(t.v.contractPdf)] }).expect(404);
    // a user without the database
    const res = await post({ Database: t.w.alpha, Documents: [docOf(t.v.pdf)] }, 'nobody').expect(404);
    expect((res.body as { Message: string }).Message).toBeTruthy();
  });

  it('needs a sign-in', async () => {
    await request(t.app).post(`${API}session`).send({ Database: t.w.alpha, Documents: [] }).expect(401);
  });
});

describe('GET session/{id}', () => {
  it('is the creator’s only, and ends after a day', async () => {
    const created = await post({ Database: t.w.alpha, Documents: [docOf(t.v.pdf)] }).expect(200);
    const id = created.body as string;
    const other = await get(id, 'web.user').expect(404);
    expect((other.body as { Message: string }).Message).toContain(id);
    await get('no-such-session').expect(404);
    t.clock.advance(SESSION_LIFETIME_MS + 1);
    await get(id).expect(404);
  });

  it('reports no permissions for a document whose archive the caller no longer sees', async () => {
    const created = await post({ Database: t.w.alpha, Documents: [docOf(t.v.pdf)] }).expect(200);
    t.db.prepare(`DELETE FROM archive_security WHERE archive_id = ?`).run(t.w.invoices);
    const res = await get(created.body as string).expect(200);
    expect((res.body as ViewerSession).Documents[0]).toMatchObject({ Permissions: 0, PageCount: 0 });
  });
});

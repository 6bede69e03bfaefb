// Every route that writes, walked as a read-only licence (type 4) that holds every permission on
// the archive and the inbox: each answers 403 with a Message and nothing changes (issue 21). Reading
// stays possible. Decision 010 lists the walk.
import { readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { grantArchive } from '@gs/simulator-fixtures/builders';
import { ALL_ARCHIVE_PERMISSIONS } from '@gs/contract/flags';
import { docSecureId, seedEditWorld, type EditWorld } from '../testing/editWorld';
import { makeInboxApp, putInCache } from '../testing/inboxWorld';
import { API, signIn } from '../testing/testApp';

type App = ReturnType<typeof makeInboxApp<EditWorld>>;
let t: App;
let token = '';
beforeAll(async () => {
  t = makeInboxApp((db, w) => {
    const e = seedEditWorld(db, w);
    grantArchive(db, e.ledger, w.reader, ALL_ARCHIVE_PERMISSIONS);
    return e;
  });
  putInCache(t.i.dataDir, t.w.reader, 'mine.pdf', '%PDF-1.4 x');
  token = (await signIn(t.app, 'reader')).Token;
});
afterAll(() => rmSync(t.i.dataDir, { recursive: true, force: true }));

type Method = 'get' | 'post' | 'put' | 'delete';
const call = (method: Method, path: string) =>
  request(t.app)[method](`${API}${path}`).set('Auth-Token', token).set('Content-Type', 'application/json');

const auditCount = (): number => (t.db.prepare(`SELECT count(*) AS n FROM audit`).get() as { n: number }).n;
const docCount = (): number =>
  (t.db.prepare(`SELECT count(*) AS n FROM doc_${t.w.alpha}`).get() as { n: number }).n;

describe('a read-only licence writes nothing', () => {
  const doc = () => `dbs/${t.w.alpha}/archives/${t.x.ledger}/documents/${t.x.doc1}`;
  const sid = () => `SecureId=${docSecureId({ ...t, e: t.x }, t.x.doc1)}`;
  const writes: [string, () => [Method, string, unknown?]][] = [
    ['POST files', () => ['post', 'files']],
    ['POST upload/import', () => ['post', 'upload/import']],
    ['GET upload?url=', () => ['get', `upload?url=${encodeURIComponent('http://127.0.0.1:9/a.pdf')}`]],
    [
      'GET files?action=burst (cache)',
      () => ['get', 'files?fileName=mine.pdf&action=burst&RequestedPages=1'],
    ],
    [
      'GET files?action=burst (inbox)',
      () => ['get', `files?fileName=alpha.pdf&action=burst&RequestedPages=1&InboxId=${t.i.scans}`],
    ],
    [
      'POST a history entry',
      () => [
        'post',
        `dbs/${t.w.alpha}/archives/${t.x.ledger}?documentID=${t.x.doc1}&secureid=${docSecureId({ ...t, e: t.x }, t.x.doc1)}`,
        { Message: 'Document deleted' },
      ],
    ],
    [
      'POST an import',
      () => [
        'post',
        `dbs/${t.w.alpha}/archives/${t.x.ledger}`,
        { fields: [], files: [{ name: 'mine.pdf' }] },
      ],
    ],
    ['GET .../delete', () => ['get', `${doc()}/delete?${sid()}`]],
    ['POST .../delete', () => ['post', `${doc()}/delete?${sid()}`]],
    ['GET .../copy', () => ['get', `${doc()}/copy?${sid()}&DestinationArchive=${t.x.ledger}`]],
    ['GET .../move', () => ['get', `${doc()}/move?${sid()}&DestinationArchive=${t.w.invoices}`]],
    ['PUT annotations', () => ['put', `${doc()}/annotations?${sid()}`, []]],
    ['POST .../save', () => ['post', `${doc()}/save?${sid()}`, { IndexData: { IndexFields: [] } }]],
    [
      'PUT FieldData',
      () => [
        'put',
        `UpdateDocument/databases/${t.w.alpha}/archive/${t.x.ledger}/document/${t.x.doc1}/FieldData?${sid()}`,
        [],
      ],
    ],
    [
      'POST Processing.ashx (document)',
      () => [
        'post',
        `Processing.ashx?Database=${t.w.alpha}&Archive=${t.x.ledger}&Document=${t.x.doc1}&Page=1&Degrees=90&${sid()}`,
      ],
    ],
    [
      'POST Processing.ashx (inbox)',
      () => ['post', `Processing.ashx?InboxId=${t.i.scans}&InboxFileName=alpha.pdf&Page=1&Degrees=90`],
    ],
    ['POST merge', () => ['post', `dbs/${t.w.alpha}/merge`, {}]],
    [
      'POST useraction',
      () => [
        'post',
        `useraction?Database=${t.w.alpha}&Archive=${t.x.ledger}&Document=${t.x.doc1}&ActionID=x`,
      ],
    ],
    [
      'PUT useraction',
      () => ['put', `useraction?Database=${t.w.alpha}&Archive=${t.x.ledger}&ActionID=x`, {}],
    ],
    ['POST inboxes/{id} (from the cache)', () => ['post', `inboxes/${t.i.scans}?FilePath=mine.pdf`]],
    [
      'PUT inboxes/{id} (rename)',
      () => ['put', `inboxes/${t.i.scans}`, { FileName: 'alpha.pdf', NewName: 'x' }],
    ],
    ['DELETE inboxes/{id}', () => ['delete', `inboxes/${t.i.scans}?FilePath=alpha.pdf`]],
    [
      'GET inboxes/{id} (move)',
      () => ['get', `inboxes/${t.i.scans}?FilePath=alpha.pdf&targetInboxId=${t.i.scans}&deleteOriginal=true`],
    ],
    ['POST bulk/update', () => ['post', `dbs/${t.w.alpha}/bulk/update`, { Updates: [] }]],
    ['POST bulk/import', () => ['post', `dbs/${t.w.alpha}/bulk/import`, { ArchiveID: t.x.ledger, Rows: [] }]],
    ['POST export/xlsx', () => ['post', `dbs/${t.w.alpha}/export/xlsx`, { Documents: [] }]],
  ];

  it.each(writes)('%s: 403 with a Message', async (_name, what) => {
    const [method, path, body] = what();
    const [audit, docs] = [auditCount(), docCount()];
    const req = call(method, path);
    const res = await (body === undefined ? req : req.send(JSON.stringify(body)));
    expect(res.status, JSON.stringify(res.body)).toBe(403);
    expect((res.body as { Message?: unknown }).Message).toEqual(expect.any(String));
    expect([auditCount(), docCount()]).toEqual([audit, docs]);
    expect(readdirSync(join(t.i.dataDir, 'inboxes', 'scans')).sort()).toEqual([
      'alpha.pdf',
      'beta.txt',
      'gamma.txt',
    ]);
  });

  it('still reads: the document, its history, the inbox, its own cache file', async () => {
    await call('get', `${doc()}?${sid()}`).expect(200);
    await call('get', `${doc()}/audit?${sid()}`).expect(200);
    await call('get', `inboxes/${t.i.scans}`).expect(200);
    await call('get', 'files?fileName=mine.pdf&action=pages').expect(200, { Pages: 1 });
  });
});

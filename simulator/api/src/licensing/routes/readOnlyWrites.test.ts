// Every route that writes, walked as a read-only licence (type 4) that holds every permission on
// the archive and the inbox (and administers users, so batch portal administration is reached):
// each answers 403 with a Message and nothing changes (issue 21). Reading stays possible.
// Decision 010 lists the walk; every write of the capture API is walked (decision 048).
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { PDFDocument } from 'pdf-lib';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BatchStatus } from '@gs/contract/capture';
import { addBatches, addBatchPortal } from '@gs/simulator-fixtures/batchBuilders';
import { grantArchive } from '@gs/simulator-fixtures/builders';
import { ALL_ARCHIVE_PERMISSIONS } from '@gs/contract/flags';
import { docSecureId, seedEditWorld, type EditWorld } from '../../testing/editWorld';
import { makeInboxApp, putInCache, userCache } from '../../testing/inboxWorld';
import { registeredRoutes } from '../../testing/routes';
import { API, signIn } from '../../testing/testApp';

interface CaptureWorld {
  portal: number;
  /** an Errored batch (re-queue) and a Processed one with a document file (reject, open, index, delete) */
  errored: number;
  processed: number;
}
type App = ReturnType<typeof makeInboxApp<EditWorld & CaptureWorld>>;
let t: App;
let token = '';
beforeAll(async () => {
  t = makeInboxApp((db, w) => {
    const e = seedEditWorld(db, w);
    grantArchive(db, e.ledger, w.reader, ALL_ARCHIVE_PERMISSIONS);
    db.prepare(`UPDATE users SET is_user_admin = 1 WHERE id = ?`).run(w.reader);
    const portal = addBatchPortal(db, { name: 'Ledger scans', databaseId: w.alpha, archiveId: e.ledger });
    const [errored = 0, processed = 0] = addBatches(db, [
      { portalId: portal, name: 'bad', status: BatchStatus.Errored, createdBy: 'full.user', createdAt: 0 },
      {
        portalId: portal,
        name: 'good',
        status: BatchStatus.Processed,
        createdBy: 'full.user',
        createdAt: 0,
        docs: [{ filePath: 'good.pdf', pages: 1 }],
      },
    ]);
    return { ...e, portal, errored, processed };
  });
  // a real one-page PDF: its pages are counted by MuPDF (decision 062), which refuses a damaged one
  const onePage = await PDFDocument.create();
  onePage.addPage([612, 792]);
  putInCache(t.i.dataDir, t.w.reader, 'mine.pdf', Buffer.from(await onePage.save()));
  mkdirSync(join(t.i.dataDir, 'capture'), { recursive: true });
  writeFileSync(join(t.i.dataDir, 'capture', 'good.pdf'), '%PDF-1.4 good');
  token = (await signIn(t.app, 'reader')).Token;
});
afterAll(() => rmSync(t.i.dataDir, { recursive: true, force: true }));

type Method = 'get' | 'post' | 'put' | 'delete';
const CAPTURE = '/square9capture/';
const call = (method: Method, path: string) => {
  const url = path.startsWith(CAPTURE) ? path : `${API}${path}`;
  return request(t.app)[method](url).set('Auth-Token', token).set('Content-Type', 'application/json');
};

/** batches with their statuses, portals, the capture files and the reader's upload cache */
const captureState = () => ({
  batches: t.db.prepare(`SELECT id, status FROM batches ORDER BY id`).all(),
  portals: t.db.prepare(`SELECT id, name, status FROM batch_portals ORDER BY id`).all(),
  files: readdirSync(join(t.i.dataDir, 'capture')).sort(),
  cache: readdirSync(userCache(t.i.dataDir, t.w.reader)).sort(),
});

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
    ...captureWrites(),
  ];

  it.each(writes)('%s: 403 with a Message', async (_name, what) => {
    const [method, path, body] = what();
    const [audit, docs, capture] = [auditCount(), docCount(), captureState()];
    const req = call(method, path);
    const res = await (body === undefined ? req : req.send(JSON.stringify(body)));
    expect(res.status, JSON.stringify(res.body)).toBe(403);
    expect((res.body as { Message?: unknown }).Message).toEqual(expect.any(String));
    expect([auditCount(), docCount()]).toEqual([audit, docs]);
    expect(captureState()).toEqual(capture);
    expect(readdirSync(join(t.i.dataDir, 'inboxes', 'scans')).sort()).toEqual([
      'alpha.pdf',
      'beta.txt',
      'gamma.txt',
    ]);
  });

  it('walks every write of the capture API', () => {
    const walked = new Set(
      captureWrites().map(([, what]) => {
        const [method, path] = what();
        const route = path.split('?')[0] ?? '';
        return `${method.toUpperCase()} ${route.replace(/\/\d+$/, '/:portal')}`;
      }),
    );
    const writes = registeredRoutes(t.app)
      .filter((r) => r.path.startsWith(CAPTURE) && r.method !== 'GET')
      .map((r) => `${r.method} ${r.path}`);
    expect(writes.length).toBeGreaterThan(0);
    for (const w of writes) expect(walked, w).toContain(w);
  });

  it('still reads: the document, its history, the inbox, its own cache file', async () => {
    await call('get', `${doc()}?${sid()}`).expect(200);
    await call('get', `${doc()}/audit?${sid()}`).expect(200);
    await call('get', `inboxes/${t.i.scans}`).expect(200);
    await call('get', 'files?fileName=mine.pdf&action=pages').expect(200, { Pages: 1 });
    await call('get', `${CAPTURE}batches?portalId=${t.x.portal}`).expect(200);
    await call('get', `${CAPTURE}batch?portalId=${t.x.portal}&batchId=${t.x.processed}`).expect(200);
  });
});

/** Every POST, PUT and DELETE of the capture API (decision 028), on the world's portal and batches. */
function captureWrites(): [string, () => [Method, string, unknown?]][] {
  const at = (path: string) => `${CAPTURE}${path}`;
  const portal = () => `portalId=${t.x.portal}`;
  const portalBody = () => ({
    Name: 'Another',
    Type: 0,
    InstanceId: 1,
    DatabaseId: t.w.alpha,
    ArchiveId: t.x.ledger,
    InboxId: 0,
  });
  return [
    ['POST batches', () => ['post', at(`batches?${portal()}`), { Files: [{ Name: 'mine.pdf' }] }]],
    [
      'POST batch (index a document)',
      () => ['post', at(`batch?${portal()}&batchId=${t.x.processed}&docId=1`), { fields: [] }],
    ],
    [
      'POST batchaction (re-queue)',
      () => ['post', at(`batchaction?${portal()}&batchId=${t.x.errored}&actionId=1`)],
    ],
    [
      'POST batchaction (reject)',
      () => ['post', at(`batchaction?${portal()}&batchId=${t.x.processed}&actionId=2`)],
    ],
    [
      'POST batchaction (open into the upload cache)',
      () => ['post', at(`batchaction?${portal()}&batchId=${t.x.processed}&actionId=3&docId=1`)],
    ],
    ['DELETE batchaction', () => ['delete', at(`batchaction?${portal()}&batchId=${t.x.processed}`)]],
    ['POST batchportals', () => ['post', at('batchportals'), portalBody()]],
    ['PUT batchportals/{id}', () => ['put', at(`batchportals/${t.x.portal}`), portalBody()]],
    ['DELETE batchportals/{id}', () => ['delete', at(`batchportals/${t.x.portal}`)]],
    ['POST portal/test', () => ['post', at(`portal/test?${portal()}`)]],
  ];
}

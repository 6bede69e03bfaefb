import { beforeEach, describe, expect, it } from 'vitest';
import request from 'supertest';
import { GETDATA_MAX_ROWS } from '@gs/contract/analytics';
import { INVALID_REQUEST } from '@gs/contract/errors';
import { auditInserter } from '@gs/simulator-fixtures/builders';
import { addBatchPortal, addBatches } from '@gs/simulator-fixtures/batchBuilders';
import { createAuditRepo } from '../../documents/repos/auditRepo';
import { call, docSecureId, makeEditApp, type EditTestApp } from '../../testing/editWorld';
import { basic } from '../../testing/testApp';

const DAY = 86_400_000;
const HOUR = 3_600_000;
const BASE = '/square9analytics/analytics/Actions/';

let t: EditTestApp;
beforeEach(() => {
  t = makeEditApp();
});

const get = (path: string, user = 'full.user') =>
  request(t.app).get(`${BASE}${path}`).set('Authorization', basic(user));

/** MM/DD/YYYY of the test clock's day plus `days` */
const us = (days = 0): string => {
  const d = new Date(t.clock.now() + days * DAY);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${two(d.getUTCMonth() + 1)}/${two(d.getUTCDate())}/${d.getUTCFullYear()}`;
};
const iso = (days = 0): string => new Date(t.clock.now() + days * DAY).toISOString().slice(0, 10);

/** a history entry written the way the client writes one: POST dbs/{db}/archives/{a}?documentID= */
const logEntry = (user: string, message: string, doc = t.e.doc1) =>
  call(t, user, 'post', `dbs/${t.w.alpha}/archives/${t.e.ledger}?documentID=${doc}`)
    .set('SecureId', docSecureId(t, doc))
    .send({ Message: message })
    .expect(200);

const counts = (q: string, user = 'full.user') =>
  get(`Counts?database=${t.w.alpha}&startdate=${us(-1)}&enddate=${us(1)}${q}`, user);

describe('GET Actions/Counts', () => {
  it('counts per day and category what the API wrote, with the users and totals', async () => {
    await logEntry('full.user', 'Document viewed');
    await logEntry('grouped', 'Document viewed');
    await call(
      t,
      'full.user',
      'put',
      `UpdateDocument/databases/${t.w.alpha}/archive/${t.e.ledger}/document/${t.e.doc1}/FieldData`,
    )
      .set('SecureId', docSecureId(t, t.e.doc1))
      .send([{ ID: t.w.vendor, VAL: 'Edited' }])
      .expect(200);
    t.clock.advance(DAY);
    await logEntry('full.user', 'Document printed', t.e.doc2);
    t.clock.advance(-DAY);

    const res = await counts('&actions=viewed,updated,printed').expect(200);
    expect(res.body.StartDate).toBe(iso(-1));
    expect(res.body.EndDate).toBe(iso(1));
    expect(res.body.Actions).toEqual(['viewed', 'updated', 'printed']);
    expect(res.body.Days).toEqual([
      { Date: iso(-1), Counts: { viewed: 0, updated: 0, printed: 0 } },
      { Date: iso(0), Counts: { viewed: 2, updated: 1, printed: 0 } },
      { Date: iso(1), Counts: { viewed: 0, updated: 0, printed: 1 } },
    ]);
    expect(res.body.Totals).toEqual({ viewed: 2, updated: 1, printed: 1 });
    expect(res.body.Total).toBe(4);
    expect(res.body.Users).toEqual(['full.user', 'grouped']);

    const mine = await counts('&actions=viewed&user=GROUPED').expect(200);
    expect(mine.body.Totals).toEqual({ viewed: 1 });
    expect(mine.body.Users).toEqual(['full.user', 'grouped']);
    // every action checkbox by default, zeros included
    const all = await counts('').expect(200);
    expect(all.body.Actions).toContain('exported');
    expect(all.body.Totals.exported).toBe(0);
  });

  it('puts an entry on the day of the caller’s time zone (tzoffset)', async () => {
    const add = auditInserter(t.db);
    const midnight = t.clock.now() - (t.clock.now() % DAY);
    add({
      databaseId: t.w.alpha,
      archiveId: t.e.ledger,
      documentId: t.e.doc1,
      userName: 'full.user',
      category: 'viewed',
      message: 'Document viewed',
      time: midnight + 23 * HOUR,
    });
    const utc = await counts('&actions=viewed').expect(200);
    expect(utc.body.Days.map((d: { Counts: { viewed: number } }) => d.Counts.viewed)).toEqual([0, 1, 0]);
    const east = await counts('&actions=viewed&tzoffset=-120').expect(200);
    expect(east.body.Days.map((d: { Counts: { viewed: number } }) => d.Counts.viewed)).toEqual([0, 0, 1]);
  });

  it('counts only archives whose history the caller may read; a database admin reads all', async () => {
    await logEntry('full.user', 'Document viewed');
    const add = auditInserter(t.db);
    add({
      databaseId: t.w.alpha,
      archiveId: t.w.open,
      documentId: 1,
      userName: 'x',
      category: 'viewed',
      message: 'Document viewed',
      time: t.clock.now(),
    });
    // web.user may view Ledger but not its history
    expect((await counts('&actions=viewed', 'web.user').expect(200)).body.Total).toBe(0);
    const refused = await counts(`&actions=viewed&archive=${t.e.ledger}`, 'web.user').expect(403);
    expect(refused.body).toEqual({ Message: `You may not read the history of archive ${t.e.ledger}.` });
    // full.user reads Ledger, not Open (no View)
    expect((await counts('&actions=viewed').expect(200)).body.Total).toBe(1);
    await counts(`&actions=viewed&archive=${t.w.open}`).expect(404);
    expect((await counts('&actions=viewed', 'dbadmin').expect(200)).body.Total).toBe(2);
    expect((await counts('&actions=viewed', 'SSAdministrator').expect(200)).body.Users).toEqual([
      'full.user',
      'x',
    ]);
    const hidden = await counts('&actions=viewed', 'nobody').expect(404);
    expect(hidden.body.Message).toBe(`Database ${t.w.alpha} was not found.`);
    await request(t.app).get(`${BASE}Counts?database=${t.w.alpha}`).expect(401);
  });

  it('refuses bad queries with 400 and the reason; reads any casing and both date forms', async () => {
    const bad = async (q: string, detail: RegExp) => {
      const res = await get(`Counts?${q}`).expect(400);
      expect(res.body.Message).toBe(INVALID_REQUEST);
      expect(res.body.MessageDetail).toMatch(detail);
    };
    const db = `database=${t.w.alpha}`;
    await bad(`${db}&enddate=01/01/2026`, /'startdate' is required/);
    await bad(`${db}&startdate=13/45/2026&enddate=01/01/2026`, /not a date/);
    await bad(`${db}&startdate=2026-02-30&enddate=2026-03-01`, /not a date/);
    await bad(`${db}&startdate=2026-03-02&enddate=2026-03-01`, /before the startdate/);
    await bad(`${db}&startdate=2025-01-01&enddate=2026-01-02`, /367 days; at most 366/);
    await bad(`${db}&startdate=2026-01-01&enddate=2026-01-02&actions=viewed,bogus`, /'bogus'/);
    await bad(`${db}&startdate=2026-01-01&enddate=2026-01-02&tzoffset=9999`, /tzoffset/);
    await bad(`startdate=2026-01-01&enddate=2026-01-02`, /'database' is required/);
    await bad(`database=x&startdate=2026-01-01&enddate=2026-01-02`, /not valid/);
    const year = await get(`Counts?DataBase=${t.w.alpha}&StartDate=2025-01-01&ENDDATE=12/31/2025`).expect(
      200,
    );
    expect(year.body.Days).toHaveLength(365);
    await get(`Counts?${db}&startdate=2024-01-01T00:00:00Z&enddate=2024-12-31`).expect(200);
  });
});

describe('GET Actions/GetData', () => {
  it('answers the public page’s shape: one Log row per entry of the action, and the users', async () => {
    await logEntry('full.user', 'Document viewed');
    await logEntry('grouped', 'Document viewed');
    await logEntry('grouped', 'Document printed');
    const q = `startdate=${us(-1)}&enddate=${us(0)}&action=viewed`;
    const res = await get(`GetData?${q}`).expect(200);
    expect(res.body.Users).toEqual(['full.user', 'grouped']);
    expect(res.body.Log).toHaveLength(2);
    expect(res.body.Log[0]).toEqual({
      Date: expect.stringMatching(/^\d\d\/\d\d\/\d{4} \d\d:\d\d:\d\d$/),
      Action: 'Document Viewed',
    });
    expect(res.body.Log[0].Date.slice(0, 10)).toBe(us(0));
    const one = await get(`GetData/grouped?${q}`).expect(200);
    expect(one.body.Log).toHaveLength(1);
    const printed = await get(`getdata?StartDate=${us(0)}&EndDate=${us(0)}&Action=Printed`).expect(200);
    expect(printed.body).toEqual({
      Users: ['grouped'],
      Log: [{ Date: expect.any(String), Action: 'Document Printed' }],
    });
    const bad = await get(`GetData?startdate=${us(0)}&enddate=${us(0)}&action=dance`).expect(400);
    expect(bad.body.MessageDetail).toMatch(/'action' is not one of indexed, viewed/);
  });

  it('refuses a range holding more entries than it will send', async () => {
    const audit = createAuditRepo(t.db);
    const entries = Array.from({ length: GETDATA_MAX_ROWS + 1 }, (_, i): [number, number, string] => [
      t.e.ledger,
      i + 1,
      'Document viewed',
    ]);
    const common = { databaseId: t.w.alpha, userName: 'bulk', category: 'viewed', time: t.clock.now() };
    t.db.transaction(() => audit.addMany(common, entries))();
    const res = await get(`GetData?startdate=${us(0)}&enddate=${us(0)}&action=viewed`).expect(400);
    expect(res.body.MessageDetail).toBe(
      `The range holds more than ${GETDATA_MAX_ROWS} entries; ask for a shorter range or use Actions/Counts.`,
    );
    const summed = await counts('&actions=viewed').expect(200);
    expect(summed.body.Totals.viewed).toBe(GETDATA_MAX_ROWS + 1);
  });
});

describe('GET Actions/Capture', () => {
  it('counts batches created, completed and errored per day, documents, pages and the mean time', async () => {
    const now = t.clock.now();
    const portal = addBatchPortal(t.db, { name: 'Scans', databaseId: t.w.alpha, archiveId: t.w.invoices });
    const analytics = addBatchPortal(t.db, {
      name: 'Invoice Analytics',
      type: 1,
      databaseId: t.w.alpha,
      archiveId: t.w.invoices,
    });
    const other = addBatchPortal(t.db, {
      name: 'Contracts in',
      databaseId: t.w.alpha,
      archiveId: t.w.contracts,
    });
    const doc = (pages: number) => ({ filePath: 'x.tif', pages });
    const [done, failed] = addBatches(t.db, [
      {
        portalId: portal,
        name: 'a',
        status: 4,
        createdBy: 'full.user',
        createdAt: now - DAY,
        docs: [doc(2), doc(3)],
      },
      { portalId: portal, name: 'b', status: 5, createdBy: 'full.user', createdAt: now, docs: [doc(1)] },
      { portalId: portal, name: 'c', status: 1, createdBy: 'full.user', createdAt: now },
      { portalId: other, name: 'd', status: 1, createdBy: 'full.user', createdAt: now, docs: [doc(9)] },
    ]);
    t.db.prepare(`UPDATE batches SET modified_at = ? WHERE id = ?`).run(now + 2 * HOUR, done);
    t.db.prepare(`UPDATE batches SET modified_at = ? WHERE id = ?`).run(now + HOUR, failed);

    const q = `startdate=${us(-1)}&enddate=${us(0)}`;
    const res = await get(`Capture?${q}&portal=${analytics}`).expect(200);
    expect(res.body.Days).toEqual([
      { Date: iso(-1), Created: 1, Completed: 0, Errored: 0, Documents: 2, Pages: 5 },
      { Date: iso(0), Created: 2, Completed: 1, Errored: 1, Documents: 1, Pages: 1 },
    ]);
    expect(res.body.Totals).toEqual({ Created: 3, Completed: 1, Errored: 1, Documents: 3, Pages: 6 });
    expect(res.body.MeanQueuedToCompletedMs).toBe(DAY + 2 * HOUR);
    // the whole database counts both batch portals
    const all = await get(`Capture?${q}&database=${t.w.alpha}`).expect(200);
    expect(all.body.Totals.Created).toBe(4);
    // reader may view Invoices, not Contracts
    expect((await get(`Capture?${q}&database=${t.w.alpha}`, 'reader').expect(200)).body.Totals.Created).toBe(
      3,
    );
    await get(`Capture?${q}&portal=${analytics}`, 'nobody').expect(404);
    const none = await get(`Capture?${q}&database=${t.w.beta}`).expect(200);
    expect(none.body.MeanQueuedToCompletedMs).toBeNull();
  });
});

describe('GET Actions/Workflow', () => {
  it('counts tasks entering and leaving queues per day and the mean wait per queue', async () => {
    const add = auditInserter(t.db);
    const now = t.clock.now();
    const line = (doc: number, message: string, time: number) =>
      add({
        databaseId: t.w.alpha,
        archiveId: t.e.ledger,
        documentId: doc,
        userName: 'full.user',
        category: 'updated',
        message,
        time,
      });
    line(t.e.doc1, 'Queue Entered: Approve (process 1)', now - DAY);
    line(t.e.doc1, 'Waiting: Approve (process 1)', now - DAY);
    line(t.e.doc1, 'Action Taken: Approve in Approve (process 1)', now - DAY + 3 * HOUR);
    line(t.e.doc1, 'Queue Entered: Pay (process 1)', now - DAY + 3 * HOUR);
    line(t.e.doc2, 'Queue Entered: Approve (process 2)', now);
    line(t.e.doc2, 'Action Taken: Reject in Approve (process 2)', now + HOUR);

    const res = await get(`Workflow?database=${t.w.alpha}&startdate=${us(-1)}&enddate=${us(0)}`).expect(200);
    expect(res.body.Days).toEqual([
      {
        Date: iso(-1),
        Entered: 2,
        Ended: 1,
        Queues: { Approve: { Entered: 1, Ended: 1 }, Pay: { Entered: 1, Ended: 0 } },
      },
      { Date: iso(0), Entered: 1, Ended: 1, Queues: { Approve: { Entered: 1, Ended: 1 } } },
    ]);
    expect(res.body.Queues).toEqual([
      { Queue: 'Approve', Entered: 2, Ended: 2, MeanWaitMs: 2 * HOUR },
      { Queue: 'Pay', Entered: 1, Ended: 0, MeanWaitMs: null },
    ]);
    const hidden = await get(
      `Workflow?database=${t.w.alpha}&startdate=${us(-1)}&enddate=${us(0)}`,
      'web.user',
    );
    expect(hidden.body.Queues).toEqual([]);
  });
});

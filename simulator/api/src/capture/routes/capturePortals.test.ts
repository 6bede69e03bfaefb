// The batch portals of the capture API (decision 028): administration by user administrators
// only, the editor's choices, portal/test with status 1 or 2 and its reason, bad bodies.
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import type { BatchPortal, CaptureChoice } from '@gs/contract/capture';
import { addBatches } from '@gs/simulator-fixtures/batchBuilders';
import { makeWorldApp, signIn } from '../../testing/testApp';

const CAPTURE = '/square9capture/';

async function setUp() {
  const t = makeWorldApp();
  const admin = (await signIn(t.app, 'SSAdministrator')).Token;
  const full = (await signIn(t.app, 'full.user')).Token;
  const call = (method: 'get' | 'post' | 'put' | 'delete', path: string, token = admin, body?: object) => {
    const r = request(t.app)[method](`${CAPTURE}${path}`).set('Auth-Token', token);
    return body ? r.send(body) : r;
  };
  return { ...t, admin, full, call };
}

describe('batch portal administration', () => {
  it('creates (status 0), tests (1), edits back to 0, fails a test (2) with the reason, deletes', async () => {
    const { call, w, db } = await setUp();
    const body = { Name: 'AP Scans', Type: 0, InstanceId: 1, DatabaseId: w.alpha, ArchiveId: w.invoices };
    const created = (await call('post', 'batchportals', undefined, body).expect(201)).body as BatchPortal;
    expect(created).toMatchObject({
      Name: 'AP Scans',
      Type: 0,
      Status: 0,
      ArchiveId: w.invoices,
      InboxId: 0,
    });
    const tested = (await call('post', `portal/test?portalId=${created.Id}`).expect(200)).body as BatchPortal;
    expect(tested).toMatchObject({ Status: 1, StatusMessage: '' });
    const edited = (
      await call('put', `batchportals/${created.Id}`, undefined, {
        ...body,
        Name: 'AP',
        ArchiveId: w.contracts,
      }).expect(200)
    ).body as BatchPortal;
    expect(edited).toMatchObject({ Name: 'AP', Status: 0, ArchiveId: w.contracts });
    db.prepare('DELETE FROM archives WHERE id = ?').run(w.contracts);
    const failed = (await call('post', `portal/test?portalId=${created.Id}`).expect(200)).body as BatchPortal;
    expect(failed).toMatchObject({
      Status: 2,
      StatusMessage: `Archive ${w.contracts} was not found in database ${w.alpha}.`,
    });
    await call('delete', `batchportals/${created.Id}`).expect(204);
    expect((await call('get', 'batchportals?admin=true').expect(200)).body).toEqual([]);
  });

  it('refuses bad bodies, unknown archives, a taken name and deleting a portal that holds batches', async () => {
    const { call, w, db } = await setUp();
    const body = { Name: 'P', Type: 0, DatabaseId: w.alpha, ArchiveId: w.invoices };
    expect(
      (await call('post', 'batchportals', undefined, { ...body, Type: 5 }).expect(400)).body.Message,
    ).toBe('The request is invalid.');
    await call('post', 'batchportals', undefined, { ...body, Name: ' ' }).expect(400);
    const wrong = await call('post', 'batchportals', undefined, { ...body, ArchiveId: w.orders }).expect(400);
    expect(wrong.body.MessageDetail).toBe(`Archive ${w.orders} was not found in database ${w.alpha}.`);
    await call('post', 'batchportals', undefined, { ...body, InstanceId: 2 }).expect(400);
    const p = (await call('post', 'batchportals', undefined, body).expect(201)).body as BatchPortal;
    expect(
      (await call('post', 'batchportals', undefined, { ...body, Name: 'p' }).expect(409)).body.Message,
    ).toBe("A portal named 'p' exists.");
    addBatches(db, [{ portalId: p.Id, name: 'b', status: 4, createdBy: 'x', createdAt: 0 }]);
    expect((await call('delete', `batchportals/${p.Id}`).expect(409)).body.Message).toBe(
      "Portal 'P' still holds 1 batch; delete it first.",
    );
    await call('put', 'batchportals/999', undefined, body).expect(404);
    await call('post', 'portal/test').expect(400);
    await call('post', 'portal/test?portalId=999').expect(404);
  });

  it('is for user administrators only; others see the portals of archives they may view', async () => {
    const { call, w, full } = await setUp();
    const body = { Name: 'P', Type: 0, DatabaseId: w.alpha, ArchiveId: w.invoices };
    const res = await call('post', 'batchportals', full, body).expect(403);
    expect(res.body.Message).toBe('Only a user administrator may administer batch portals.');
    await call('get', 'batchportals?admin=true', full).expect(403);
    await call('get', `ssinstance/1/databases`, full).expect(403);
    await call('post', 'batchportals', undefined, body).expect(201);
    await call('post', 'batchportals', undefined, {
      ...body,
      Name: 'Q',
      DatabaseId: w.beta,
      ArchiveId: w.orders,
    }).expect(201);
    const seen = (await call('get', 'batchportals', full).expect(200)).body as BatchPortal[];
    expect(seen.map((p) => p.Name)).toEqual(['P', 'Q']);
  });

  it('lists the choices of the editor: databases of instance 1, archives with paths, inboxes', async () => {
    const { call, w } = await setUp();
    const dbs = (await call('get', 'ssinstance/1/databases').expect(200)).body as CaptureChoice[];
    expect(dbs.map((d) => d.Name)).toEqual(['Alpha', 'Beta']);
    await call('get', 'ssinstance/2/databases').expect(404);
    const archives = (await call('get', `archives?instanceId=1&databaseId=${w.alpha}`).expect(200))
      .body as CaptureChoice[];
    expect(archives.map((a) => a.Name)).toEqual([
      'Contracts',
      'Invoices',
      'Invoices / Open',
      'Invoices / Paid',
    ]);
    await call('get', 'archives').expect(400);
    await call('get', 'archives?databaseId=999').expect(404);
    await call('get', 'inboxes?instanceId=1').expect(200);
  });
});

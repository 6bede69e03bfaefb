// Every end-user route under an archive (`:archive` in its path, found with registeredRoutes so a
// new route is walked too), called on the archive Ledger with valid secure ids by two users of
// database Alpha whose rights a user administrator set through userAdmin: one without any right
// on Ledger is refused on every route (404: the routes hide an archive the caller may not view,
// as they did before), and one with READ (View, Print, View history) is refused every write
// with 403 and nothing changes.
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addSearch, addUser } from '@gs/simulator-fixtures/builders';
import { QUICK_PERMISSIONS } from '@gs/contract/admin/security';
import { LicenseType } from '@gs/contract/flags';
import { secureId } from '../repos/secureIds';
import { callAs } from '../../testing/adminServerWorld';
import { docSecureId, seedEditWorld, type EditWorld } from '../../testing/editWorld';
import { makeInboxApp } from '../../testing/inboxWorld';
import { fillPath, registeredRoutes, type RegisteredRoute } from '../../testing/routes';
import { API, PASSWORD, TEST_PASSWORD_COST, basic } from '../../testing/testApp';

let t: ReturnType<typeof makeInboxApp<{ e: EditWorld; search: number }>>;
beforeAll(async () => {
  t = makeInboxApp((db, w) => {
    const e = seedEditWorld(db, w);
    addUser(db, {
      name: 'no.rights',
      password: PASSWORD,
      passwordCost: TEST_PASSWORD_COST,
      licenseType: LicenseType.Full,
    });
    addUser(db, {
      name: 'read.only',
      password: PASSWORD,
      passwordCost: TEST_PASSWORD_COST,
      licenseType: LicenseType.Full,
    });
    const search = addSearch(db, w.alpha, { name: 'Ledger all', archiveId: e.ledger, prompts: [] });
    return { e, search };
  });
  const admin = (what: string, Permissions: unknown, Targets: unknown[], Users: unknown[]) =>
    callAs(t, 'SSAdministrator', 'post', `userAdmin/${what}`, { Users, Targets, Permissions }).expect(200);
  const both = [
    { Name: 'no.rights', Type: 2 },
    { Name: 'read.only', Type: 2 },
  ];
  await admin('databases', { Access: true }, [{ Id: t.w.alpha }], both);
  await admin('searches', { Granted: true }, [{ Id: t.x.search }], both);
  await admin('archives', { Mask: QUICK_PERMISSIONS.READ }, [{ Id: t.x.e.ledger }], [both[1]]);
  // the destination of copy and move: the user with READ may not add there either
  await admin('archives', { Mask: QUICK_PERMISSIONS.FULL }, [{ Id: t.w.contracts }], [both[0]]);
  await admin('archives', { Mask: QUICK_PERMISSIONS.READ }, [{ Id: t.w.contracts }], [both[1]]);
  mkdirSync(join(t.i.dataDir, 'files'), { recursive: true });
  writeFileSync(join(t.i.dataDir, 'files', 'a.pdf'), '%PDF-1.4 a');
});
afterAll(() => rmSync(t.i.dataDir, { recursive: true, force: true }));

const archiveRoutes = (): RegisteredRoute[] =>
  registeredRoutes(t.app).filter(
    (r) => r.path.includes(':archive') && !/\/(admin|userAdmin)\//i.test(r.path),
  );
/** routes that change something although their method is GET (the legacy document operations) */
const GET_WRITES = /\/documents\/:doc\/(copy|move|delete)$/i;
const isWrite = (r: RegisteredRoute) => r.method !== 'GET' || GET_WRITES.test(r.path);

function url(r: RegisteredRoute): string {
  const { e, search } = t.x;
  const path = fillPath(r.path, (name) =>
    String({ db: t.w.alpha, archive: e.ledger, doc: e.doc1, search }[name] ?? 1),
  );
  const q = new URLSearchParams({
    SecureId: r.path.includes(':search/')
      ? secureId(t.secret, 'search', t.w.alpha, search)
      : docSecureId({ ...t, e }, e.doc1),
    DestinationArchive: String(t.w.contracts),
    archive: String(t.w.contracts),
  });
  return `${path}?${q.toString()}`;
}
const bodyOf = (r: RegisteredRoute): unknown => {
  if (/FieldData$/i.test(r.path)) return [{ ID: t.w.vendor, VAL: 'Changed' }];
  if (/\/save$/i.test(r.path)) return { IndexData: { IndexFields: [{ ID: t.w.vendor, VAL: 'Changed' }] } };
  if (/annotations$/i.test(r.path)) return [];
  return { fields: [], files: [] };
};
const send = (user: string, r: RegisteredRoute) => {
  const method = r.method.toLowerCase() as 'get' | 'post' | 'put' | 'delete';
  const req = request(t.app)[method](url(r)).set('Authorization', basic(user));
  return r.method === 'GET' ? req : req.send(bodyOf(r) as object);
};
const snapshot = () => ({
  docs: t.db.prepare(`SELECT * FROM doc_${t.w.alpha} ORDER BY id`).all(),
  audit: (t.db.prepare(`SELECT count(*) AS n FROM audit`).get() as { n: number }).n,
  annotations: (t.db.prepare(`SELECT count(*) AS n FROM annotations`).get() as { n: number }).n,
});

describe('archive routes against the rights set by the user administration', () => {
  it('walks a dozen or more archive routes', () => {
    expect(archiveRoutes().length).toBeGreaterThanOrEqual(12);
    expect(archiveRoutes().filter(isWrite).length).toBeGreaterThanOrEqual(6);
  });

  it('a user without rights on the archive is refused on every one, and nothing changes', async () => {
    const before = snapshot();
    for (const r of archiveRoutes()) {
      const res = await send('no.rights', r);
      expect([403, 404], `${r.method} ${r.path}: ${res.status} ${JSON.stringify(res.body)}`).toContain(
        res.status,
      );
      expect(res.body.Message, `${r.method} ${r.path}`).toEqual(expect.any(String));
    }
    expect(snapshot()).toEqual(before);
  });

  it('a user with READ reads the document but every write is 403, and nothing changes', async () => {
    const { e } = t.x;
    await request(t.app)
      .get(
        `${API}dbs/${t.w.alpha}/archives/${e.ledger}/documents/${e.doc1}?SecureId=${docSecureId({ ...t, e }, e.doc1)}`,
      )
      .set('Authorization', basic('read.only'))
      .expect(200);
    const before = snapshot();
    for (const r of archiveRoutes().filter(isWrite)) {
      const res = await send('read.only', r);
      expect(res.status, `${r.method} ${r.path}: ${JSON.stringify(res.body)}`).toBe(403);
      expect(res.body.Message).toEqual(expect.any(String));
    }
    expect(snapshot()).toEqual(before);
  });
});

// userAdmin rights: the tree, and each principal's own grants on databases, archives, inboxes
// and searches, read back through the user administration and through the end-user routes of the
// affected user on their next request (archive tree, a write refused 403, inboxes, searches).
import { rmSync } from 'node:fs';
import request from 'supertest';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { addSearch, addUser, addGroup } from '@gs/simulator-fixtures/builders';
import { QUICK_PERMISSIONS, type SecurityTreeNode } from '@gs/contract/admin/security';
import { paths as apiPaths } from '@gs/contract/paths';
import { LicenseType } from '@gs/contract/flags';
import { callAs, invalid, type Method } from '../../testing/adminServerWorld';
import { docSecureId, seedEditWorld, type EditWorld } from '../../testing/editWorld';
import { makeInboxApp } from '../../testing/inboxWorld';
import { API, PASSWORD, TEST_PASSWORD_COST, basic } from '../../testing/testApp';

interface X {
  e: EditWorld;
  clerk: number;
  clerks: number;
  ledgerA: number;
  ledgerB: number;
}
let t: ReturnType<typeof makeInboxApp<X>>;
beforeEach(() => {
  t = makeInboxApp((db, w) => {
    const e = seedEditWorld(db, w);
    const clerk = addUser(db, {
      name: 'clerk',
      password: PASSWORD,
      passwordCost: TEST_PASSWORD_COST,
      licenseType: LicenseType.Full,
    });
    const clerks = addGroup(db, 'Clerks', [clerk]);
    const ledgerA = addSearch(db, w.alpha, { name: 'Ledger A', archiveId: e.ledger, prompts: [] });
    const ledgerB = addSearch(db, w.alpha, { name: 'Ledger B', archiveId: e.ledger, prompts: [] });
    return { e, clerk, clerks, ledgerA, ledgerB };
  });
});
afterEach(() => rmSync(t.i.dataDir, { recursive: true, force: true }));

const as = (user: string, method: Method, path: string, body?: unknown) =>
  callAs(t, user, method, path, body);
const admin = (method: Method, path: string, body?: unknown) => as('SSAdministrator', method, path, body);
const group = { Name: 'Clerks', Type: 4 };
const user = { Name: 'clerk', Type: 2 };
const grant = (what: string, Users: unknown[], Targets: unknown[], Permissions: unknown) =>
  admin('post', `userAdmin/${what}`, { Users, Targets, Permissions });
/** the names of the archives `name` sees at the root of Alpha */
const rootArchives = async (name: string): Promise<string[]> => {
  const res = await as(name, 'get', apiPaths.archives(t.w.alpha));
  return res.status === 200
    ? (res.body as { Archives: { Name: string }[] }).Archives.map((a) => a.Name)
    : [`${res.status}`];
};
const editLedger = (name: string) =>
  request(t.app)
    .put(
      `${API}${apiPaths.fieldData(t.w.alpha, t.x.e.ledger, t.x.e.doc1)}?secureId=${docSecureId({ ...t, e: t.x.e }, t.x.e.doc1)}`,
    )
    .set('Authorization', basic(name))
    .send([{ ID: t.w.vendor, VAL: 'Changed' }]);

describe('GET userAdmin/tree', () => {
  it('nests databases, archives, sub-archives and searches; with a username, their search types', async () => {
    await grant('searchType', [group], [{ Id: t.x.ledgerA, Database: t.w.alpha }], {
      Type: 'queue',
      Value: true,
    });
    const tree = (await admin('get', 'userAdmin/tree?username=Clerks&type=4').expect(200))
      .body as SecurityTreeNode[];
    expect(tree.map((d) => [d.Label, d.Type, d.Dbid])).toEqual([
      ['Alpha', 'database', t.w.alpha],
      ['Beta', 'database', t.w.beta],
    ]);
    const alpha = tree[0];
    expect(alpha?.Children.map((c) => c.Label)).toEqual(['Contracts', 'Invoices', 'Ledger']);
    const invoices = alpha?.Children.find((c) => c.Label === 'Invoices');
    expect(invoices?.Children.map((c) => [c.Label, c.Type])).toEqual([
      ['Open', 'archive'],
      ['Paid', 'archive'],
    ]);
    const ledger = alpha?.Children.find((c) => c.Label === 'Ledger');
    expect(ledger?.Children).toEqual([
      {
        Id: t.x.ledgerA,
        Dbid: t.w.alpha,
        Label: 'Ledger A',
        Type: 'search',
        DefaultSearch: false,
        QueueSearch: true,
        DirectSearch: false,
        Children: [],
      },
      expect.objectContaining({ Label: 'Ledger B', QueueSearch: false }),
    ]);
    expect((await admin('get', 'userAdmin/tree?username=ghost').expect(404)).body.Message).toBe(
      'The user or group ghost was not found.',
    );
  });
});

describe('rights take effect on the next request of the user', () => {
  it('group READ on Ledger and EDIT on Contracts: the member sees exactly those and edits only Contracts', async () => {
    expect(await rootArchives('clerk')).toEqual(['404']);
    expect(
      (
        await grant('databases', [group], [{ Id: t.w.alpha, Database: t.w.alpha }], {
          Access: true,
          Level: 0,
        }).expect(200)
      ).body,
    ).toEqual({ Success: true });
    expect(await rootArchives('clerk')).toEqual([]);
    expect(
      (
        await grant('archives', [group], [{ Id: t.x.e.ledger, Database: t.w.alpha }], {
          Mask: QUICK_PERMISSIONS.READ,
        }).expect(200)
      ).body,
    ).toEqual({ Saved: 1 });
    await grant('archives', [group], [{ Id: t.w.contracts, Database: t.w.alpha }], {
      Mask: QUICK_PERMISSIONS.EDIT,
    }).expect(200);
    expect(await rootArchives('clerk')).toEqual(['Contracts', 'Ledger']);
    expect((await editLedger('clerk').expect(403)).body.Message).toEqual(expect.any(String));
    // the user's own EDIT adds to the group's READ (decision 020)
    await grant('archives', [user], [{ Id: t.x.e.ledger, Database: t.w.alpha }], {
      Mask: QUICK_PERMISSIONS.EDIT,
    }).expect(200);
    await editLedger('clerk').expect(200);
    expect(
      (
        await admin(
          'get',
          `userAdmin/archives?db=${t.w.alpha}&archive=${t.x.e.ledger}&username=Clerks&type=4`,
        ).expect(200)
      ).body,
    ).toBe(QUICK_PERMISSIONS.READ);
    expect(
      (
        await admin(
          'get',
          `userAdmin/archives?db=${t.w.alpha}&archive=${t.x.e.ledger}&username=clerk`,
        ).expect(200)
      ).body,
    ).toBe(QUICK_PERMISSIONS.EDIT);
    // NONE removes the grant; the group's READ remains
    await grant('archives', [user], [{ Id: t.x.e.ledger, Database: t.w.alpha }], {
      Mask: QUICK_PERMISSIONS.NONE,
    }).expect(200);
    await editLedger('clerk').expect(403);
    await grant('archives', [group], [{ Id: t.x.e.ledger, Database: t.w.alpha }], { Mask: 0 }).expect(200);
    expect(await rootArchives('clerk')).toEqual(['Contracts']);
  });

  it('any bit switches View on; database Level 1 makes an administrator; Access false removes the database', async () => {
    await grant('databases', [user], [{ Id: t.w.alpha }], { Access: true, Level: 1 }).expect(200);
    expect((await as('clerk', 'get', `admin?function=isDbAdmin&db=${t.w.alpha}`)).body).toBe(true);
    expect((await admin('get', `userAdmin/databases?db=${t.w.alpha}&username=clerk`)).body).toEqual({
      Access: true,
      Level: 1,
    });
    await grant('databases', [user], [{ Id: t.w.alpha }], { Access: true, Level: 0 }).expect(200);
    await grant('archives', [user], [{ Id: t.w.contracts }], { Mask: 1024 }).expect(200);
    expect(
      (await admin('get', `userAdmin/archives?db=${t.w.alpha}&archive=${t.w.contracts}&username=clerk`)).body,
    ).toBe(1025);
    expect(await rootArchives('clerk')).toEqual(['Contracts']);
    await grant('databases', [user], [{ Id: t.w.alpha }], { Access: false }).expect(200);
    expect((await admin('get', `userAdmin/databases?db=${t.w.alpha}&username=clerk`)).body).toEqual({
      Access: false,
      Level: 0,
    });
    expect(await rootArchives('clerk')).toEqual(['404']);
  });

  it('inbox rights: the user lists the inbox once granted', async () => {
    const listed = async () =>
      ((await as('clerk', 'get', 'inboxes')).body as { Inboxes: { Name: string }[] }).Inboxes.map(
        (i) => i.Name,
      );
    expect(await listed()).toEqual([]);
    expect((await grant('inboxes', [group], [{ Id: t.i.hidden }], { Mask: 2 }).expect(200)).body).toEqual({
      Saved: 1,
    });
    expect((await admin('get', `userAdmin/inboxes?inbox=${t.i.hidden}&username=Clerks`)).body).toBe(3);
    expect(await listed()).toEqual(['Hidden']);
  });

  it('search rights and types: granted searches are listed; one default per archive per principal', async () => {
    await grant('databases', [user], [{ Id: t.w.alpha }], { Access: true }).expect(200);
    await grant('archives', [user], [{ Id: t.x.e.ledger }], { Mask: 1 }).expect(200);
    const runnable = async () =>
      (
        (await as('clerk', 'get', apiPaths.archiveSearches(t.w.alpha, t.x.e.ledger)).expect(200)).body as {
          Name: string;
        }[]
      ).map((s) => s.Name);
    expect(await runnable()).toEqual([]);
    await grant('searches', [user], [{ Id: t.x.ledgerA, Database: t.w.alpha }, { Id: t.x.ledgerB }], {
      Granted: true,
    }).expect(200);
    expect((await runnable()).sort()).toEqual(['Ledger A', 'Ledger B']);
    await grant('searchType', [user], [{ Id: t.x.ledgerA }], { Type: 'default', Value: true }).expect(200);
    await grant('searchType', [user], [{ Id: t.x.ledgerB }], { Type: 'default', Value: true }).expect(200);
    await grant('searchType', [user], [{ Id: t.x.ledgerB }], { Type: 'direct', Value: true }).expect(200);
    expect((await admin('get', `userAdmin/searches?db=${t.w.alpha}&username=clerk`)).body).toEqual([
      { Id: t.x.ledgerA, Properties: 2, IsDefault: false, IsQueue: false, IsDirect: false },
      { Id: t.x.ledgerB, Properties: 2 | 8 | 16, IsDefault: true, IsQueue: false, IsDirect: true },
    ]);
    await grant('searches', [user], [{ Id: t.x.ledgerA }], { Granted: false }).expect(200);
    expect(await runnable()).toEqual(['Ledger B']);
  });
});

describe('bad requests change nothing', () => {
  it('400 for malformed bodies and queries, 404 for unknown principals and targets, all or nothing', async () => {
    const target = [{ Id: t.w.contracts }];
    for (const body of [
      undefined,
      {},
      { Users: [], Targets: target, Permissions: { Mask: 1 } },
      { Users: [user], Targets: [], Permissions: { Mask: 1 } },
      { Users: [user], Targets: target, Permissions: { Mask: -1 } },
      { Users: [user], Targets: target, Permissions: { Mask: 1048576 } },
      { Users: [user], Targets: target },
      { Users: [{ Name: 'clerk', Type: 9 }], Targets: target, Permissions: { Mask: 1 } },
    ])
      expect((await admin('post', 'userAdmin/archives', body).expect(400)).body).toEqual(invalid);
    expect(
      (
        await grant('searchType', [user], [{ Id: t.x.ledgerA }], { Type: 'favourite', Value: true }).expect(
          400,
        )
      ).body,
    ).toEqual(invalid);
    expect(
      (await grant('databases', [user], [{ Id: t.w.alpha }], { Access: true, Level: 8 }).expect(400)).body,
    ).toEqual(invalid);
    expect(
      (await grant('archives', [user, { Name: 'ghost', Type: 2 }], target, { Mask: 1 }).expect(404)).body
        .Message,
    ).toBe('The user or group ghost was not found.');
    expect(
      (await grant('archives', [user], [...target, { Id: 99999 }], { Mask: 1 }).expect(404)).body.Message,
    ).toMatch(/Archive 99999/);
    expect(
      (await grant('archives', [user], [{ Id: t.w.orders, Database: t.w.alpha }], { Mask: 1 }).expect(404))
        .body.Message,
    ).toMatch(/Archive/);
    expect((await grant('inboxes', [user], [{ Id: 99999 }], { Mask: 1 }).expect(404)).body.Message).toBe(
      'Inbox 99999 was not found.',
    );
    expect(
      (await grant('searches', [user], [{ Id: 99999 }], { Granted: true }).expect(404)).body.Message,
    ).toMatch(/Search 99999/);
    expect(
      (await grant('databases', [user], [{ Id: 99999 }], { Access: true }).expect(404)).body.Message,
    ).toMatch(/Database 99999/);
    expect(
      (await admin('get', `userAdmin/archives?db=${t.w.alpha}&archive=${t.w.contracts}&username=clerk`)).body,
    ).toBe(0);
    expect(
      (await admin('get', `userAdmin/archives?db=${t.w.alpha}&username=clerk`).expect(400)).body,
    ).toEqual(invalid);
    expect(
      (await admin('get', `userAdmin/archives?db=${t.w.alpha}&archive=${t.w.contracts}`).expect(400)).body,
    ).toEqual(invalid);
    expect((await admin('get', `userAdmin/searches?db=x&username=clerk`).expect(400)).body).toEqual(invalid);
    expect(
      (await admin('get', `userAdmin/inboxes?inbox=99999&username=clerk`).expect(404)).body.Message,
    ).toBe('Inbox 99999 was not found.');
  });
});

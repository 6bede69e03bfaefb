// The catalogue cache (decision 078): every request's catalogue and security reads are served from
// a per-process cache checked against the catalogue version, which triggers bump on every write to
// those tables. Each test reads first (so the cache holds the answer), writes through the admin
// API, and reads again through real HTTP: the next read sees the write. The last test writes on a
// second connection to the same file, as a second process or a package import would.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import request from 'supertest';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { addSearch } from '@gs/simulator-fixtures/builders';
import type { AdminList } from '@gs/contract/admin/catalog';
import { QUICK_PERMISSIONS } from '@gs/contract/admin/security';
import type { ArchivesResponse } from '@gs/contract/archives';
import type { DatabasesResponse } from '@gs/contract/databases';
import type { FieldDefinition } from '@gs/contract/fields';
import type { Search } from '@gs/contract/searches';
import { createApp } from '../../app';
import { openDatabase } from '../../db/connection';
import type { EditTestApp } from '../../testing/editWorld';
import { adminCall, makeAdminApp } from '../../testing/catalogAdminWorld';
import { createTestClock } from '../../testClock';
import { API, basic, seedWorld } from '../../testing/testApp';

const ADMIN = 'SSAdministrator';
let t: EditTestApp;
let search: number;
beforeEach(() => {
  t = makeAdminApp();
  search = addSearch(t.db, t.w.alpha, { name: 'Ledger search', archiveId: t.e.ledger, prompts: [] });
});

const as = (user: string, method: Parameters<typeof adminCall>[2], path: string, body?: unknown) =>
  adminCall(t, user, method, path, body);
const admin = (method: Parameters<typeof adminCall>[2], path: string, body?: unknown) =>
  as(ADMIN, method, path, body).expect(200);
/** the root archives of Alpha `user` sees, or the status that refused them */
const rootArchives = async (user: string): Promise<string[]> => {
  const res = await as(user, 'get', `dbs/${t.w.alpha}/archives`);
  return res.status === 200 ? (res.body as ArchivesResponse).Archives.map((a) => a.Name) : [`${res.status}`];
};
const ledgerFields = async (user = 'full.user'): Promise<FieldDefinition[]> =>
  (await as(user, 'get', `dbs/${t.w.alpha}/archives/${t.e.ledger}?type=fields`).expect(200))
    .body as FieldDefinition[];
const fieldName = async (id: number): Promise<string | undefined> =>
  (await ledgerFields()).find((f) => f.ID === id)?.Name;

describe('the next read after an admin write', () => {
  it('sees an archive renamed and its fields changed', async () => {
    expect(await rootArchives('full.user')).toContain('Ledger');
    expect((await ledgerFields()).length).toBeGreaterThan(2);
    await admin('put', `admin/databases/${t.w.alpha}/archives/${t.e.ledger}`, {
      Name: 'Books',
      Fields: [t.w.vendor, t.e.qty],
    });
    expect(await rootArchives('full.user')).toContain('Books');
    expect((await ledgerFields()).map((f) => f.ID)).toEqual([t.w.vendor, t.e.qty]);
  });

  it('sees a field renamed', async () => {
    expect(await fieldName(t.e.qty)).not.toBe('Units');
    await admin('put', `admin/databases/${t.w.alpha}/fields/${t.e.qty}`, { Name: 'Units', Type: 'numeric' });
    expect(await fieldName(t.e.qty)).toBe('Units');
  });

  it('sees a list given to a field, and the list changed', async () => {
    const list = (await admin('post', `admin/databases/${t.w.alpha}/lists`, { Name: 'Sizes', Values: ['S'] }))
      .body as AdminList;
    const vendorList = async () => (await ledgerFields()).find((f) => f.ID === t.w.vendor)?.List;
    expect(await vendorList()).toBe(0);
    await admin('put', `admin/databases/${t.w.alpha}/fields/${t.w.vendor}`, {
      Name: 'Vendor',
      Type: 'character',
      List: { Type: 'dropdown', ListId: list.Id },
    });
    expect(await vendorList()).toBe(list.Id);
    const items = () => as('full.user', 'get', `dbs/${t.w.alpha}/lists/${list.Id}`).expect(200);
    expect((await items()).body).toMatchObject({ Items: ['S'] });
    await admin('put', `admin/databases/${t.w.alpha}/lists/${list.Id}`, {
      Name: 'Sizes',
      Values: ['M', 'L'],
    });
    expect((await items()).body).toMatchObject({ Items: ['M', 'L'] });
  });

  it("sees a user's archive rights and database level changed", async () => {
    const user = { Name: 'full.user', Type: 2 };
    expect(await rootArchives('full.user')).toContain('Ledger');
    await admin('post', 'userAdmin/archives', {
      Users: [user],
      Targets: [{ Id: t.e.ledger, Database: t.w.alpha }],
      Permissions: { Mask: QUICK_PERMISSIONS.NONE },
    });
    expect(await rootArchives('full.user')).not.toContain('Ledger');

    const isDbAdmin = async () =>
      (await as('full.user', 'get', `admin?function=isDbAdmin&db=${t.w.alpha}`)).body;
    expect(await isDbAdmin()).toBe(false);
    await admin('post', 'userAdmin/databases', {
      Users: [user],
      Targets: [{ Id: t.w.alpha }],
      Permissions: { Access: true, Level: 1 },
    });
    expect(await isDbAdmin()).toBe(true);
  });

  it("sees a group's rights and its members changed", async () => {
    const group = { Name: 'Accounting', Type: 4 };
    expect(await rootArchives('nobody')).toEqual(['404']);
    await admin('post', 'userAdmin/databases', {
      Users: [group],
      Targets: [{ Id: t.w.alpha }],
      Permissions: { Access: true, Level: 0 },
    });
    await admin('post', 'userAdmin/archives', {
      Users: [group],
      Targets: [{ Id: t.w.contracts, Database: t.w.alpha }],
      Permissions: { Mask: QUICK_PERMISSIONS.READ },
    });
    expect(await rootArchives('nobody')).toEqual(['404']);
    await admin('put', 'userAdmin/group?groupName=Accounting', { Users: ['grouped', 'nobody'] });
    expect(await rootArchives('nobody')).toContain('Contracts');
    await admin('put', 'userAdmin/group?groupName=Accounting', { Users: ['grouped'] });
    expect(await rootArchives('nobody')).toEqual(['404']);
  });

  it('sees a database renamed', async () => {
    const name = async () =>
      ((await as('full.user', 'get', `dbs/${t.w.alpha}`).expect(200)).body as DatabasesResponse).Databases[0]
        ?.Name;
    expect(await name()).not.toBe('Omega');
    await admin('put', `admin/databases/${t.w.alpha}`, { Name: 'Omega' });
    expect(await name()).toBe('Omega');
  });

  it('sees a search renamed and its archive changed', async () => {
    const offered = async () =>
      (
        (await as('dbadmin', 'get', `dbs/${t.w.alpha}/searches?search=${search}`).expect(200))
          .body as Search[]
      )[0];
    expect(await offered()).toMatchObject({ Name: 'Ledger search', Archives: [{ ID: t.e.ledger }] });
    await admin('put', `admin/databases/${t.w.alpha}/searches/${search}`, {
      Name: 'Renamed',
      Parent: t.w.contracts,
    });
    expect(await offered()).toMatchObject({ Name: 'Renamed', Archives: [{ ID: t.w.contracts }] });
  });
});

describe('a write on another connection to the same file', () => {
  let dir: string;
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('is seen by the next read', async () => {
    dir = mkdtempSync(join(tmpdir(), 'gs-catalog-cache-'));
    const file = join(dir, 'simulator.sqlite');
    const db = openDatabase(file);
    const w = seedWorld(db);
    const app = createApp({ db, clock: createTestClock(), files: { dataDir: dir } });
    const name = async (): Promise<string | undefined> =>
      (
        (await request(app).get(`${API}dbs/${w.alpha}`).set('Authorization', basic('full.user')).expect(200))
          .body as DatabasesResponse
      ).Databases[0]?.Name;
    expect(await name()).toBe('Alpha');
    const other = new Database(file);
    other.prepare(`UPDATE databases SET name = 'Omega' WHERE id = ?`).run(w.alpha);
    other.close();
    expect(await name()).toBe('Omega');
    db.close();
  });
});

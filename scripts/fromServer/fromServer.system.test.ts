// System test of `npm run seed -- --from-server` (issue 31, decision 065): a scenario seeded from a
// running simulator on the demo, read by a second stack started from it, shows the same databases,
// archive tree, fields, lists, searches and prompts, the same rights to each user, and with
// --documents 20 the same 20 documents per archive with identical files; with --synthesize 100,
// 100 documents per archive whose values the simulator's own field checks take. Seeded by a plain
// user, the admin API answers 403: the scenario is made from the end-user API alone and the
// summary lists what was left out.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Database from 'better-sqlite3';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freshStack, type FreshStack } from '../conformance/freshStack';
import { Wire } from '../conformance/wire';
import { seedFromServer, type FromServerSummary } from './seedFromServer';
import { recordingProxy, type Proxy } from './testProxy';
import {
  adminView,
  archiveTree,
  client,
  documentsOf,
  searchFor,
  stackOn,
  viewOf,
  type Stack,
} from './testSupport';

const DEMO_PASSWORD = 'Demo@1234';
/** the scenario's users get this one, not the source's */
const COPY_PASSWORD = 'Copy@5678';
const ADMIN = 'SSAdministrator';
const USERS = ['dbadmin', 'full.user', 'web.user', 'reader', 'delegate.user'];

const templates = mkdtempSync(join(tmpdir(), 'gs-from-server-templates-'));
let source: FreshStack;
const stacks: Stack[] = [];

const seed = (
  scenario: string,
  user: string,
  extra: { documents?: number; synthesize?: number; url?: string; concurrency?: number } = {},
) =>
  seedFromServer({
    url: source.url,
    user,
    password: DEMO_PASSWORD,
    scenario,
    userPassword: COPY_PASSWORD,
    templatesDir: templates,
    log: () => undefined,
    ...extra,
  });

async function copyOf(scenario: string): Promise<Stack> {
  const stack = await stackOn(join(templates, scenario));
  stacks.push(stack);
  return stack;
}

beforeAll(async () => {
  source = await freshStack();
}, 300_000);

afterAll(async () => {
  await Promise.all(stacks.map((s) => s.close()));
  await source?.close();
  rmSync(templates, { recursive: true, force: true });
});

describe('a scenario seeded from a server by its administrator', () => {
  let summary: FromServerSummary;
  let copy: Stack;
  let proxy: Proxy;

  beforeAll(async () => {
    // through a proxy that answers every 7th request 429 first
    proxy = await recordingProxy(source.url, 7);
    try {
      summary = await seed('copied', ADMIN, { documents: 20, url: proxy.url, concurrency: 3 });
    } finally {
      await proxy.close();
    }
    copy = await copyOf('copied');
  }, 300_000);

  it('only read the source: GETs, no audited file read, at most 3 at a time, retried after each 429', () => {
    expect(new Set(proxy.seen.map((s) => s.method))).toEqual(new Set(['GET']));
    const files = proxy.seen.filter((s) => /\/File$/i.test(s.path));
    expect(files.length).toBeGreaterThan(100);
    expect(files.filter((s) => s.query.get('audit') !== null)).toEqual([]);
    expect(proxy.maxInFlight()).toBeLessThanOrEqual(3);
    expect(proxy.maxInFlight()).toBeGreaterThan(1);
    expect(proxy.throttled()).toBeGreaterThan(10);
    expect(summary.backoffs).toBe(proxy.throttled());
  });

  it('holds the same databases, archive tree, fields, searches and prompts', async () => {
    const before = await viewOf(client(source.url, ADMIN, DEMO_PASSWORD));
    const after = await viewOf(client(copy.url, ADMIN, COPY_PASSWORD));
    expect(Object.keys(after.archives).length).toBeGreaterThan(10);
    expect(Object.keys(after.searches).length).toBeGreaterThan(20);
    expect(after).toEqual(before);
    expect(summary.databases).toBe(before.databases.length);
  }, 120_000);

  it('holds the same lists, list items and field rules as the admin API shows them', async () => {
    const before = await adminView(client(source.url, ADMIN, DEMO_PASSWORD));
    expect(await adminView(client(copy.url, ADMIN, COPY_PASSWORD))).toEqual(before);
  }, 120_000);

  it('gives each user the same rights, with the password given to the seed', async () => {
    for (const user of USERS) {
      const before = await viewOf(client(source.url, user, DEMO_PASSWORD));
      expect(await viewOf(client(copy.url, user, COPY_PASSWORD)), user).toEqual(before);
      // the source's password is not copied
      expect((await client(copy.url, user, DEMO_PASSWORD).get('dbs')).status, user).toBe(401);
    }
  }, 180_000);

  it('copies the same 20 documents per archive with identical files', async () => {
    const before = await documentsOf(client(source.url, ADMIN, DEMO_PASSWORD), 20);
    const after = await documentsOf(client(copy.url, ADMIN, COPY_PASSWORD), 20);
    const sizes = Object.values(after).map((docs) => docs.length);
    expect(Math.max(...sizes)).toBe(20);
    expect(after).toEqual(before);
    expect(summary.documents).toBe(sizes.reduce((a, b) => a + b, 0));
  }, 180_000);

  it('lists what no route gives and what it never copies', () => {
    const parts = summary.leftOut.map((l) => l.part);
    expect(parts).toContain('mail servers, data-exchange connections, licence tokens');
    expect(summary.leftOut.some((l) => /\b403\b/.test(l.reason))).toBe(false);
  });
});

describe('a scenario synthesised from a server', () => {
  it('has 100 documents per archive, every value passing its field checks', async () => {
    const summary = await seed('synthesised', ADMIN, { synthesize: 100 });
    const copy = await copyOf('synthesised');
    const c = client(copy.url, ADMIN, COPY_PASSWORD);
    const { Databases } = await c.json<{ Databases: { Id: number }[] }>('dbs');
    let archives = 0;
    for (const db of Databases)
      for (const id of (await archiveTree(c, db.Id)).keys()) {
        const s = await searchFor(c, db.Id, id);
        if (!s) continue;
        archives++;
        const page = await c.json<{
          Docs: { Fields: { ID: number; VAL: string; MVAL: string[] }[] }[];
          Fields: { ID: number; Prop: number }[];
        }>(`dbs/${db.Id}/searches/${s.Id}/archive/${id}/documents`, {
          SecureId: s.Hash,
          SearchCriteria: '{}',
          page: 1,
          RecordsPerPage: 200,
        });
        expect(page.Docs.length).toBe(100);
        // what a person may write: neither system (4|8|16|256|1024|2048) nor table (512) fields
        const writable = new Set(page.Fields.filter((f) => (f.Prop & 0x3f1c) === 0).map((f) => f.ID));
        for (const d of page.Docs) {
          const values = d.Fields.filter((f) => writable.has(f.ID));
          const checked = await c.post('indexes', { db: db.Id, archive: id }, values);
          const failed = (checked.json as { ID: number; Valid: boolean; Message: string }[]).filter(
            (r) => !r.Valid,
          );
          expect(failed, JSON.stringify(values)).toEqual([]);
        }
      }
    expect(archives).toBeGreaterThan(10);
    expect(summary.documents).toBe(100 * summary.archives);
  }, 300_000);
});

describe('a scenario seeded by a plain user, whom the admin API refuses', () => {
  it('is made from the end-user API alone and lists what was left out', async () => {
    const summary = await seed('end-user', 'full.user');
    const refused = summary.leftOut.filter((l) => /\b403\b/.test(l.reason)).map((l) => l.part);
    expect(refused).toEqual(
      expect.arrayContaining(['field definitions of Finance (admin API)', 'users, groups and their rights']),
    );
    expect(summary.leftOut.map((l) => l.part)).toContain('other users and groups');
    const copy = await copyOf('end-user');
    const before = await viewOf(client(source.url, 'full.user', DEMO_PASSWORD), false);
    expect(await viewOf(client(copy.url, 'full.user', COPY_PASSWORD), false)).toEqual(before);
    // only the seeding account was made
    expect((await client(copy.url, 'reader', COPY_PASSWORD).get('dbs')).status).toBe(401);
    expect(summary.users).toBe(1);
  }, 180_000);
});

describe('secrets on the source', () => {
  it('are not in the scenario: mail server password, data-exchange connection string, list binding, licence token', async () => {
    const own = await freshStack();
    try {
      const admin = new Wire(own.url, ADMIN, DEMO_PASSWORD);
      const send = async (method: string, path: string, json: unknown) => {
        const a = await admin.call('secret', path, { method, json, unrecorded: true });
        expect(a.status, `${method} ${path}: ${a.text}`).toBe(200);
      };
      await send('PUT', 'admin/notifications', {
        Server: 'smtp.example.test',
        Port: 587,
        Auth: { User: 'mailer', Password: 'S3cret-mail' },
      });
      await send('POST', 'admin/databases/1/archives/2/dxc', {
        Name: 'ERP',
        ConnectionString: 'Server=erp;User Id=sa;Password=S3cret-dxc',
      });
      await send('POST', 'admin/databases/1/lists', {
        Name: 'Bound list',
        AssemblyPath: 'Lists.dll',
        AssemblyParameters: 'Server=lists;Password=S3cret-list',
        Values: ['One', 'Two'],
      });
      const summary = await seedFromServer({
        url: own.url,
        user: ADMIN,
        password: DEMO_PASSWORD,
        scenario: 'secrets',
        userPassword: COPY_PASSWORD,
        templatesDir: templates,
        log: () => undefined,
      });
      expect(summary.lists).toBeGreaterThan(0);
      const copy = await copyOf('secrets');
      // the bound list is there with its items, its binding is not
      const lists = await client(copy.url, ADMIN, COPY_PASSWORD).json<
        { Name: string; AssemblyPath: string; AssemblyParameters: string; Values: string[] }[]
      >('admin/databases/1/lists');
      expect(lists.find((l) => l.Name === 'Bound list')).toMatchObject({
        AssemblyPath: '',
        AssemblyParameters: '',
        Values: ['One', 'Two'],
      });
      const everything = filesUnder(join(templates, 'secrets'))
        .map((f) => readFileSync(f).toString('latin1'))
        .join('\n');
      // the scan sees what the template holds...
      expect(everything).toContain('Bound list');
      // ...and none of the source's secrets
      for (const secret of ['S3cret-mail', 'S3cret-dxc', 'S3cret-list', 'smtp.example.test', DEMO_PASSWORD])
        expect(everything.includes(secret), secret).toBe(false);
      expect(summary.leftOut.map((l) => l.part)).toContain(`list bindings of Finance`);
      // no licence (token) of the source, or any other, is in the template
      const db = new Database(join(templates, 'secrets', 'simulator.sqlite'), { readonly: true });
      try {
        expect(db.prepare(`SELECT count(*) AS n FROM licenses`).get()).toEqual({ n: 0 });
      } finally {
        db.close();
      }
    } finally {
      await own.close();
    }
  }, 180_000);
});

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? filesUnder(join(dir, e.name)) : [join(dir, e.name)],
  );
}

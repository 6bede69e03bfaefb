import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { LicenseType } from '@gs/contract/flags';
import { addArchive, addDatabase, grantDatabase } from '@gs/simulator-fixtures/builders';
import { openDatabase, type Db } from '../db/connection';
import { hashPassword } from '../security/services/passwords';
import { startApi, type RunningApi } from '../server';
import { DB_FILE_NAME } from './liveData';

const dirs: string[] = [];
let api: RunningApi;
/** a database file in which `newcomer` (password pw) exists and may take a Full seat */
let prepared: string;

beforeAll(async () => {
  const data = mkdtempSync(join(tmpdir(), 'gs-live-'));
  const other = mkdtempSync(join(tmpdir(), 'gs-live-other-'));
  dirs.push(data, other);
  prepared = join(other, DB_FILE_NAME);
  const db = openDatabase(prepared);
  db.prepare(`INSERT INTO users(name, password_hash, license_type) VALUES ('newcomer', ?, 1)`).run(
    hashPassword('pw'),
  );
  db.prepare(`INSERT INTO license_seats(type, seats) VALUES (?, 5)`).run(LicenseType.Full);
  db.close();
  api = await startApi({ port: 0, host: '127.0.0.1', dataDir: data });
});
afterAll(async () => {
  await api.close();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

const signIn = () =>
  fetch(new URL('Square9API/api/licenses', api.url), {
    headers: { Authorization: `Basic ${Buffer.from('newcomer:pw').toString('base64')}` },
  });

describe('the running API', () => {
  it('keeps an idle connection open two minutes, as IIS does, and says so', async () => {
    const res = await fetch(new URL('Square9API/api/dbs', api.url));
    await res.arrayBuffer();
    expect(res.headers.get('keep-alive')).toBe('timeout=120');
  });
});

describe('the live data of a running API', () => {
  it('is swapped while the server listens: requests during the swap wait and reach the new data', async () => {
    expect((await signIn()).status).toBe(401);
    let release: () => void = () => undefined;
    const gate = new Promise<void>((done) => (release = done));
    const swap = api.live.swap(async () => {
      await gate;
      copyFileSync(prepared, join(api.live.dataDir, DB_FILE_NAME));
    });
    // asked while the database is closed and being replaced
    const during = signIn();
    await new Promise((resolve) => setTimeout(resolve, 50));
    release();
    await swap;
    expect((await during).status).toBe(200);
    expect(api.live.db().prepare(`SELECT count(*) FROM licenses`).pluck().get()).toBe(1);
  });

  it('runs [SQL] list queries on the current database file, the swapped-in one after a swap', async () => {
    /** database 1 with one archive and a [SQL] list of its archives' names, for `newcomer` */
    const world = (db: Db, archive: string): number => {
      const database = addDatabase(db, 'Live');
      addArchive(db, database, { name: archive, fieldIds: [] });
      const user = db.prepare(`SELECT id FROM users WHERE name = 'newcomer'`).pluck().get() as number;
      grantDatabase(db, database, user);
      return Number(
        db
          .prepare(`INSERT INTO lists(database_id, name, assembly_path) VALUES (?, 'Archives', ?)`)
          .run(database, '[SQL]SELECT name FROM archives ORDER BY name').lastInsertRowid,
      );
    };
    const items = async (list: number) => {
      const res = await fetch(new URL(`Square9API/api/dbs/1/lists/${list}`, api.url), {
        headers: { Authorization: `Basic ${Buffer.from('newcomer:pw').toString('base64')}` },
      });
      return ((await res.json()) as { Items: string[] }).Items;
    };
    const list = world(api.live.db(), 'Before');
    expect(await items(list)).toEqual(['Before']);
    const next = join(dirs[1] ?? '', 'next.sqlite');
    copyFileSync(prepared, next);
    const db = openDatabase(next);
    expect(world(db, 'After')).toBe(list);
    db.close();
    await api.live.swap(() => copyFileSync(next, join(api.live.dataDir, DB_FILE_NAME)));
    expect(await items(list)).toEqual(['After']);
  });

  it('reopens the data as it was when the replacement fails', async () => {
    await expect(
      api.live.swap(() => {
        throw new Error('no template');
      }),
    ).rejects.toThrow('no template');
    expect((await signIn()).status).toBe(200);
  });

  it('keeps the ids handed out before a swap used after it (decision 049)', async () => {
    const addUser = (name: string): number =>
      Number(
        api.live
          .db()
          .prepare(`INSERT INTO users(name, password_hash, license_type) VALUES (?, 'x', 1)`)
          .run(name).lastInsertRowid,
      );
    for (const name of ['a1', 'a2', 'a3']) addUser(name);
    const handedOut = addUser('a4');
    // the replacement (a room's template) has only made user 1
    await api.live.swap(() => copyFileSync(prepared, join(api.live.dataDir, DB_FILE_NAME)));
    expect(api.live.db().prepare(`SELECT max(id) FROM users`).pluck().get()).toBe(1);
    expect(addUser('after.reset')).toBeGreaterThan(handedOut);
    expect((await signIn()).status).toBe(200);
  });
});

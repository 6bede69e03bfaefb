// A client world (inProcess.ts) seeded once per module graph and copied for each server, through
// testApp.ts's makeSeededWorldApp (decision 085): the results world's fields cost a server
// 100-250 ms of DDL (each field's column and search triggers), a copy of the seeded database
// about 1 ms. A copy's inbox folders are empty: the tests that read inbox files use the world
// seeded per server (makeInboxApp).
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Db } from '../db/connection';
import { seedInboxes, writeInboxFiles, type InboxWorld } from './inboxWorld';
import { makeSeededWorldApp, type TestApp, type World } from './testApp';

type Seeded = { i: Omit<InboxWorld, 'dataDir'>; x: unknown };
// makeSeededWorldApp keeps one seeded database per seed function: one function per key
const seeds = new Map<string, (db: Db, w: World) => Seeded>();

/**
 * makeInboxApp(extra) on a copy of the world `extra` seeded the first time `key` was asked for:
 * `extra` must write the same rows every time (no files, no clock) and `key` name what it seeds.
 */
export function copiedInboxApp<X>(
  key: string,
  extra: (db: Db, w: World) => X = () => undefined as X,
): TestApp & { w: World; i: InboxWorld; x: X } {
  let seed = seeds.get(key);
  if (!seed) {
    seed = (db, w) => ({ i: seedInboxes(db, w), x: extra(db, w) });
    seeds.set(key, seed);
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'gs-inbox-'));
  const { seeded, ...t } = makeSeededWorldApp(seed, { files: { dataDir } });
  writeInboxFiles(dataDir, false);
  return { ...t, i: { ...seeded.i, dataDir }, x: seeded.x as X };
}

// A client world (inProcess.ts) seeded once per module graph and copied for each server, as
// testApp.ts copies the shared world: the results world's fields cost a server 100-250 ms of DDL
// (each field's column and search triggers), a copy of the seeded database about 1 ms. A copy's
// inbox folders are empty: the tests that read inbox files use the world seeded per server.
import Database from 'better-sqlite3';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createApp } from '../app';
import type { Db } from '../db/connection';
import { serverSecret } from '../security/repos/secureIds';
import { createTestClock } from '../testClock';
import { makeInboxApp, type InboxWorld } from './inboxWorld';
import type { TestApp, World } from './testApp';

interface Template {
  bytes: Buffer;
  w: World;
  i: Omit<InboxWorld, 'dataDir'>;
  x: unknown;
}
const templates = new Map<string, Template>();

/** makeInboxApp(extra) on a copy of the world `extra` seeded the first time `key` was asked for. */
export function copiedInboxApp<X>(
  key: string,
  extra: (db: Db, w: World) => X = () => undefined as X,
): TestApp & { w: World; i: InboxWorld; x: X } {
  let template = templates.get(key);
  if (!template) {
    const first = makeInboxApp(extra);
    const { dataDir, ...inboxes } = first.i;
    template = { bytes: first.db.serialize(), w: first.w, i: inboxes, x: first.x };
    templates.set(key, template);
    rmSync(dataDir, { recursive: true, force: true });
  }
  const db = new Database(template.bytes);
  db.pragma('foreign_keys = ON');
  const dataDir = mkdtempSync(join(tmpdir(), 'gs-inbox-'));
  for (const dir of ['scans', 'mail', 'hidden'])
    mkdirSync(join(dataDir, 'inboxes', dir), { recursive: true });
  const clock = createTestClock();
  const app = createApp({ db, clock, files: { dataDir } });
  return {
    ...{ db, clock, app, secret: serverSecret(db) },
    ...{ w: template.w, i: { ...template.i, dataDir }, x: template.x as X },
  };
}

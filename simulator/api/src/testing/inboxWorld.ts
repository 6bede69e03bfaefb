// The world of the inbox, upload and import tests: the shared test world on a temporary data
// folder, with inbox "Scans" (folder scans/) and "Mail" (mail/) holding a few files.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { addInbox, grantInbox } from '@gs/simulator-fixtures/builders';
import { ALL_INBOX_PERMISSIONS, InboxPermission } from '@gs/contract/flags';
import type { Db } from '../db/connection';
import { makeWorldApp, type TestApp, type World } from './testApp';

export interface InboxWorld {
  dataDir: string;
  scans: number;
  mail: number;
  hidden: number;
}

const { View, Add, ModifyDocument, Delete } = InboxPermission;

/** The inboxes Scans, Mail and Hidden and their grants (no files: see writeInboxFiles). */
export function seedInboxes(db: Db, w: World): Omit<InboxWorld, 'dataDir'> {
  const scans = addInbox(db, 'Scans', 'scans');
  const mail = addInbox(db, 'Mail', 'mail');
  const hidden = addInbox(db, 'Hidden', 'hidden');
  grantInbox(db, scans, w.full, ALL_INBOX_PERMISSIONS);
  grantInbox(db, mail, w.full, View | Add);
  grantInbox(db, scans, w.web, View);
  grantInbox(db, mail, w.group, View | Add | ModifyDocument | Delete, 0);
  grantInbox(db, scans, w.reader, ALL_INBOX_PERMISSIONS);
  return { scans, mail, hidden };
}

/** The inboxes' folders in `dataDir`, with the files of Scans and Mail when `files`. */
export function writeInboxFiles(dataDir: string, files = true): void {
  for (const dir of ['scans', 'mail', 'hidden'])
    mkdirSync(join(dataDir, 'inboxes', dir), { recursive: true });
  if (!files) return;
  writeFileSync(join(dataDir, 'inboxes', 'scans', 'alpha.pdf'), '%PDF-1.4 alpha');
  writeFileSync(join(dataDir, 'inboxes', 'scans', 'beta.txt'), 'beta');
  writeFileSync(join(dataDir, 'inboxes', 'scans', 'gamma.txt'), 'gamma!');
  writeFileSync(join(dataDir, 'inboxes', 'mail', 'letter.txt'), 'letter');
}

export function makeInboxApp<X>(
  extra: (db: Db, w: World) => X = () => undefined as X,
): TestApp & { w: World; i: InboxWorld; x: X } {
  const dataDir = mkdtempSync(join(tmpdir(), 'gs-inbox-'));
  let i: InboxWorld | undefined;
  let x: X | undefined;
  const app = makeWorldApp({ files: { dataDir } }, (db, w) => {
    i = { dataDir, ...seedInboxes(db, w) };
    x = extra(db, w);
  });
  if (!i) throw new Error('inbox world not seeded');
  writeInboxFiles(dataDir);
  return { ...app, i, x: x as X };
}

/** The upload-cache folder of a user (upload/services/uploadCache.ts). */
export const userCache = (dataDir: string, owner: number): string =>
  join(dataDir, 'cache', 'upload', String(owner));

/** A file in `owner`'s upload cache, as POST files leaves it. */
export function putInCache(dataDir: string, owner: number, name: string, content: string | Buffer): void {
  mkdirSync(userCache(dataDir, owner), { recursive: true });
  writeFileSync(join(userCache(dataDir, owner), name), content);
}

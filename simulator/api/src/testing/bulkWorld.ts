// The world of the bulk update, import and export tests: the edit world (archive Ledger with a
// field of every kind) plus 20 more Ledger documents with real files in a private data folder,
// a search with a Customer prompt, a search without prompts, and a revision-control archive.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import sharp from 'sharp';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  addArchive,
  addSearch,
  documentInserter,
  grantArchive,
  grantSearch,
} from '@gs/simulator-fixtures/builders';
import { ALL_ARCHIVE_PERMISSIONS, ArchiveFlags, Operator } from '@gs/contract/flags';
import { seedEditWorld, type EditWorld } from './editWorld';
import { makeSeededWorldApp, type TestApp, type World } from './testApp';

export interface BulkWorld {
  /** 20 Ledger documents, Customer 'Cust 1'..'Cust 20', Quantity 1..20, each with its own file (Ledger holds 23 with the edit world's two and imageDoc) */
  docs: number[];
  /** search of Ledger with one prompt (Customer equals) */
  byCustomer: number;
  customerPrompt: number;
  /** search of Ledger without prompts */
  allLedger: number;
  /** a revision-control archive with one document */
  controlled: number;
  controlledDoc: number;
  controlledSearch: number;
  /** a Ledger document whose file is a PNG (write it with writeImageFile) */
  imageDoc: number;
}

export type BulkTestApp = TestApp & { w: World; e: EditWorld; b: BulkWorld; dataDir: string };

export function makeBulkApp(): BulkTestApp {
  const dataDir = mkdtempSync(join(tmpdir(), 'gs-bulk-'));
  let b: BulkWorld | undefined;
  // the edit world is seeded once per worker; the bulk part writes this test's files
  const { seeded: e, ...t } = makeSeededWorldApp(seedEditWorld, { files: { dataDir } }, (db, w, e) => {
    const fields = [
      w.vendor,
      e.code,
      e.qty,
      e.price,
      e.due,
      e.customer,
      e.status,
      e.region,
      e.city,
      e.modifiedBy,
    ];
    const insert = documentInserter(db, w.alpha, fields);
    const dir = join(dataDir, 'files', 'ledger');
    mkdirSync(dir, { recursive: true });
    const docs: number[] = [];
    for (let i = 1; i <= 20; i++) {
      writeFileSync(join(dir, `doc${i}.txt`), `document ${i}`);
      docs.push(
        insert({
          archiveId: e.ledger,
          filePath: `ledger/doc${i}.txt`,
          fileType: '.txt',
          fileSize: 10,
          pageCount: 1,
          createdAt: 0,
          values: { [w.vendor]: 'Acme', [e.customer]: `Cust ${i}`, [e.qty]: i, [e.modifiedBy]: 'seed' },
        }),
      );
    }
    const byCustomer = addSearch(db, w.alpha, {
      name: 'By Customer',
      archiveId: e.ledger,
      prompts: [{ fieldId: e.customer, operator: Operator.Equals, prompt: 'Customer' }],
    });
    const allLedger = addSearch(db, w.alpha, { name: 'All Ledger', archiveId: e.ledger, prompts: [] });
    const controlled = addArchive(db, w.alpha, {
      name: 'Controlled',
      flags: ArchiveFlags.RevisionControl,
      fieldIds: [w.vendor],
    });
    grantArchive(db, controlled, w.full, ALL_ARCHIVE_PERMISSIONS);
    const controlledDoc = documentInserter(db, w.alpha, [w.vendor])({
      archiveId: controlled,
      filePath: '',
      fileType: '.pdf',
      fileSize: 0,
      pageCount: 1,
      createdAt: 0,
      values: { [w.vendor]: 'Rev' },
    });
    const controlledSearch = addSearch(db, w.alpha, {
      name: 'Controlled',
      archiveId: controlled,
      prompts: [],
    });
    for (const s of [byCustomer, allLedger, controlledSearch])
      for (const u of [w.full, w.web, w.reader]) grantSearch(db, s, u);
    const customerPrompt = (
      db.prepare(`SELECT id FROM search_prompts WHERE search_id = ?`).get(byCustomer) as { id: number }
    ).id;
    const imageDoc = insert({
      archiveId: e.ledger,
      filePath: 'ledger/picture.png',
      fileType: '.png',
      fileSize: 100,
      pageCount: 1,
      createdAt: 0,
      values: { [e.customer]: 'Picture' },
    });
    b = {
      docs,
      byCustomer,
      customerPrompt,
      allLedger,
      controlled,
      controlledDoc,
      controlledSearch,
      imageDoc,
    };
  });
  if (!b) throw new Error('the bulk world was not seeded');
  return { ...t, e, b, dataDir };
}

/** The PNG of the image document (sharp is asynchronous, the world is not). */
export async function writeImageFile(t: BulkTestApp): Promise<void> {
  const png = await sharp({
    create: { width: 40, height: 30, channels: 3, background: { r: 200, g: 120, b: 40 } },
  })
    .png()
    .toBuffer();
  writeFileSync(join(t.dataDir, 'files', 'ledger', 'picture.png'), png);
}

/** Serve the app on a free local port (for the helper, which calls the API over HTTP). */
export async function listen(t: TestApp): Promise<{ apiPath: string; close(): Promise<void> }> {
  const server: Server = t.app.listen(0, '127.0.0.1');
  await new Promise<void>((done) => server.once('listening', () => done()));
  const port = (server.address() as AddressInfo).port;
  return {
    apiPath: `http://127.0.0.1:${port}/Square9API/`,
    close: () =>
      new Promise<void>((done) => {
        server.closeAllConnections();
        server.close(() => done());
      }),
  };
}

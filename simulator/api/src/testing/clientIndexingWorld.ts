// The indexing view's and the viewer's client tests' data (issue 29 item 5, decision 082), added
// to the client world (inProcess.ts `indexing`): in Alpha, "Bills" with a field of each kind the
// indexing form checks (a RegEx, a required field, an integer, a drop-down list, a system date, a
// multi-value field), "Receipts" (Merchant) to burst into, and "Intake" (a list field, a text, a
// system date, a dated field) for KeyFree, holding one three-page TIFF for the viewer. full.user may
// do everything there; grouped may only view Intake, and indexes into Bills with only a look into
// inbox Hidden (Mail through Accounting), as web.user does with no inbox to add to; reader (a read-only licence) views it too.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  addArchive,
  addField,
  addList,
  documentInserter,
  grantArchive,
  grantDatabase,
  grantInbox,
} from '@gs/simulator-fixtures/builders';
import { joinTiffs } from '@gs/simulator-fixtures/scan/tiffJoin';
import { wordsTag } from '@gs/simulator-fixtures/scan/wordsTag';
import type { ScanWord } from '@gs/contract/helper';
import {
  ALL_ARCHIVE_PERMISSIONS,
  ArchivePermission,
  FieldProp,
  FieldType,
  InboxPermission,
} from '@gs/contract/flags';
import type { Db } from '../db/connection';
import { pdfOf, tiffOf } from './sampleFiles';
import { INVOICE_FIELDS, statusField } from './invoiceFields';
import type { World } from './testApp';

export interface ClientIndexingWorld {
  /** Vendor Number, Invoice Number (required), Line Items, Status (Pending, Paid), Date Entered, GL Codes */
  bills: number;
  /** Bills' Status list */
  statusList: number;
  /** Merchant */
  receipts: number;
  /** Merchant; folder option 1: burst pages may not be removed from a document indexed here */
  statements: number;
  /** Vendor Name (list: Acme, Pacific Fastener Supply, Rose City Printing), Invoice Number, Date Entered, Invoice Date */
  intake: number;
  fields: Record<
    | 'vendorNumber'
    | 'invoiceNumber'
    | 'lineItems'
    | 'status'
    | 'dateEntered'
    | 'glCodes'
    | 'merchant'
    | 'vendorName'
    | 'invoiceDate',
    number
  >;
  /** Intake's document: Acme, INV-1, a three-page TIFF */
  doc: number;
}

const DOC_PATH = (alpha: number) => `${alpha}/intake/1.tif`;

export function seedClientIndexing(db: Db, w: World): ClientIndexingWorld {
  const f = (spec: Parameters<typeof addField>[2]) => addField(db, w.alpha, spec);
  const statusList = addList(db, w.alpha, 'Bill statuses', ['Pending', 'Paid']);
  const vendorList = addList(db, w.alpha, 'Vendors', [
    'Acme',
    'Pacific Fastener Supply',
    'Rose City Printing',
  ]);
  const fields: ClientIndexingWorld['fields'] = {
    vendorNumber: f(INVOICE_FIELDS.vendorNumber),
    invoiceNumber: f({
      name: 'Invoice Number',
      type: FieldType.Character,
      size: 10,
      prop: FieldProp.Required,
    }),
    lineItems: f(INVOICE_FIELDS.lineItems),
    status: f(statusField(statusList)),
    dateEntered: f(INVOICE_FIELDS.dateEntered),
    glCodes: f({ name: 'GL Codes', type: FieldType.Character, prop: FieldProp.MultiValue }),
    merchant: f({ name: 'Merchant', type: FieldType.Character }),
    vendorName: f({ name: 'Vendor Name', type: FieldType.Character, listId: vendorList }),
    invoiceDate: f(INVOICE_FIELDS.invoiceDate),
  };
  const { vendorNumber, invoiceNumber, lineItems, status, dateEntered, glCodes } = fields;
  const archive = (name: string, fieldIds: number[], folderOptions = 0) => {
    const id = addArchive(db, w.alpha, { name, fieldIds, folderOptions });
    grantArchive(db, id, w.full, ALL_ARCHIVE_PERMISSIONS);
    return id;
  };
  const bills = archive('Bills', [vendorNumber, invoiceNumber, lineItems, status, dateEntered, glCodes]);
  const receipts = archive('Receipts', [fields.merchant]);
  const statements = archive('Statements', [fields.merchant], 1);
  const intakeFields = [fields.vendorName, invoiceNumber, dateEntered, fields.invoiceDate];
  const intake = archive('Intake', intakeFields);
  grantDatabase(db, w.alpha, w.grouped);
  // grouped may only look into Hidden (listed first) and adds to Mail through Accounting; web.user
  // only looks into Scans
  const hidden = db.prepare(`SELECT id FROM inboxes WHERE name = 'Hidden'`).pluck().get() as number;
  grantInbox(db, hidden, w.grouped, InboxPermission.View);
  for (const user of [w.grouped, w.web]) grantArchive(db, bills, user, ALL_ARCHIVE_PERMISSIONS);
  grantArchive(db, intake, w.grouped, ArchivePermission.View);
  grantArchive(db, intake, w.reader, ArchivePermission.View);
  const doc = documentInserter(
    db,
    w.alpha,
    intakeFields,
  )({
    ...{ archiveId: intake, filePath: DOC_PATH(w.alpha), fileType: '.tif', fileSize: 1, pageCount: 3 },
    ...{ createdAt: 0, values: { [fields.vendorName]: 'Acme', [invoiceNumber]: 'INV-1' } },
  });
  return { bills, statusList, receipts, statements, intake, fields, doc };
}

/** inbox Scans' file to index (three pages) */
export const INBOX_SCAN = 'scan 01.pdf';

/** Intake's document's file and a PDF in inbox Scans, in a copy's own data folder. */
export function writeClientIndexingFiles(dataDir: string, w: World): void {
  const put = (path: string, bytes: Buffer) => {
    mkdirSync(join(dataDir, path, '..'), { recursive: true });
    writeFileSync(join(dataDir, path), bytes);
  };
  put(join('files', DOC_PATH(w.alpha)), tiffOf(3));
  put(join('inboxes', 'scans', INBOX_SCAN), pdfOf(3));
}

/**
 * A one-page scan (TIFF) with the words a scanner printed kept in the page (decision 030), as
 * KeyFree reads them: `words` are [text, left, line] on a 1700 x 2200 page at 200 dpi.
 */
export function scanWithWords(words: readonly (readonly [string, number, number])[]): Buffer {
  const [width, height] = [1700, 2200];
  const placed: ScanWord[] = words.map(([Value, left, Line]) => ({
    ...{ Value, Line, Left: left * width, Top: Line * 0.03 * height },
    ...{ Width: 0.08 * width, Height: 0.02 * height },
  }));
  return joinTiffs([tiffOf(1)], [[wordsTag({ words: placed, width, height, dpi: 200 })]]);
}

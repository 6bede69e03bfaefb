// The document-action client tests' part of the in-process world (inProcess.ts `docs`, decision
// 082): Alpha's "Payables" (Vendor, Amount, a Status list) with three PDFs and its search, archives
// to copy and move to in Alpha ("Filed") and Beta ("Personnel"), a revision-controlled archive,
// "Held" documents waiting for PDF conversion or in a workflow, and two inboxes of TIFFs and PDFs.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  addArchive,
  addField,
  addInbox,
  addList,
  addSearch,
  documentInserter,
  grantArchive,
  grantInbox,
  grantSearch,
} from '@gs/simulator-fixtures/builders';
import {
  ALL_ARCHIVE_PERMISSIONS,
  ALL_INBOX_PERMISSIONS,
  ArchiveFlags,
  FieldProp,
  FieldType,
  Operator,
} from '@gs/contract/flags';
import { WorkflowState } from '@gs/contract/searches';
import type { Db } from '../db/connection';
import { createDocStatesRepo } from '../documents/repos/docStatesRepo';
import { createUserActionsRepo } from '../workflow/repos/userActionsRepo';
import { pdfOf, tiffOf } from './sampleFiles';
import type { World } from './testApp';

export interface ClientDocsWorld {
  status: number;
  /** offers the user action "Send for Approval" (key approve, process 7) */
  payables: number;
  /** "Payables" on Payables, prompt Vendor (contains) */
  payablesSearch: number;
  /** Payables' documents: Acme (2 pages), Globex (3 pages), Initech (1 page) */
  docs: [number, number, number];
  filed: number;
  /** Beta's archive full.user may add to */
  personnel: number;
  /** revision-controlled, with one document and its search */
  policies: number;
  policiesSearch: number;
  /** Held: "Ready One", "Ready Two", "Wait Pdf", "Wait Queue", "Wait Flow" (also awaiting PDF conversion), "Wait Step" */
  held: number;
  heldSearch: number;
  heldDocs: Record<'readyOne' | 'readyTwo' | 'pdf' | 'queue' | 'flow' | 'step', number>;
  /** inboxes "Scanning" (two TIFFs, a PDF and Letter.docx) and "AP Intake" (one PDF) */
  scanning: number;
  apIntake: number;
}

const PAGES = [2, 3, 1];
export const SCANNING_FILES = ['Scan_20240301_0931.tif', 'Scan_20240302_0934.tif', 'Scan_20240303_1012.pdf'];
export const AP_INTAKE_FILE = 'INV-1001 Acme.pdf';
const docPath = (alpha: number, i: number) => `${alpha}/payables/${i}.pdf`;

export function seedClientDocs(db: Db, w: World): ClientDocsWorld {
  const statusList = addList(db, w.alpha, 'Status', ['Pending', 'Paid', 'On Hold']);
  const status = addField(db, w.alpha, {
    name: 'Status',
    type: FieldType.Character,
    prop: FieldProp.DropdownList,
    listId: statusList,
  });
  const fieldIds = [w.vendor, w.amount, status];
  const archive = (name: string, flags = 0, database = w.alpha, fields = fieldIds) => {
    const id = addArchive(db, database, { name, flags, fieldIds: fields });
    grantArchive(db, id, w.full, ALL_ARCHIVE_PERMISSIONS);
    return id;
  };
  const byVendor = (name: string, archiveId: number) => {
    const id = addSearch(db, w.alpha, {
      name,
      archiveId,
      prompts: [{ fieldId: w.vendor, operator: Operator.Contains, prompt: 'Vendor' }],
    });
    for (const user of [w.full, w.web, w.reader]) grantSearch(db, id, user);
    return id;
  };
  const payables = archive('Payables');
  // a user action that only records its start (no workflow behind it): history 'Global Action Entered'
  createUserActionsRepo(db).add({
    ...{ databaseId: w.alpha, archiveId: payables, key: 'approve', name: 'Send for Approval' },
    ...{ processId: 7, usersAndGroups: '' },
  });
  grantArchive(db, payables, w.web, 1 | 1024);
  grantArchive(db, payables, w.reader, 1);
  const filed = archive('Filed');
  // web.user sees only Alpha: a copy there offers no database selector
  grantArchive(db, filed, w.web, 1 | 2);
  const personnel = archive('Personnel', 0, w.beta, []);
  const policies = archive('Policies', ArchiveFlags.RevisionControl);
  // a non-PDF document landing here is queued for conversion (docStateTriggers.ts)
  const held = archive('Held', ArchiveFlags.PdfConvert);

  const insert = documentInserter(db, w.alpha, fieldIds);
  const base = { fileType: '.pdf', fileSize: 1, createdAt: 0 };
  const values = (vendor: string, amount: number, state: string) => ({
    [w.vendor]: vendor,
    [w.amount]: amount,
    [status]: state,
  });
  const docs = (
    [
      ['Acme', 2999.99, 'Pending'],
      ['Globex', 12.5, 'Paid'],
      ['Initech', 7, 'Paid'],
    ] as const
  ).map(([vendor, amount, state], i) =>
    insert({
      ...base,
      archiveId: payables,
      filePath: docPath(w.alpha, i),
      pageCount: PAGES[i] ?? 1,
      values: values(vendor, amount, state),
    }),
  ) as ClientDocsWorld['docs'];
  insert({ ...base, archiveId: policies, filePath: docPath(w.alpha, 0), pageCount: 2, values: {} });
  const heldDoc = (vendor: string, fileType = '.pdf') =>
    insert({
      ...{ ...base, fileType, archiveId: held, filePath: docPath(w.alpha, 2), pageCount: 1 },
      values: values(vendor, 1, ''),
    });
  const heldDocs = {
    readyOne: heldDoc('Ready One'),
    readyTwo: heldDoc('Ready Two'),
    pdf: heldDoc('Wait Pdf', '.tif'),
    queue: heldDoc('Wait Queue'),
    flow: heldDoc('Wait Flow', '.tif'),
    step: heldDoc('Wait Step'),
  };
  const states = createDocStatesRepo(db);
  const enter = (docId: number, state: number) =>
    states.enterWorkflow(w.alpha, docId, {
      status: state,
      name: 'Approval',
      processId: 1,
      queue: 'Review',
      since: 0,
    });
  enter(heldDocs.queue, WorkflowState.Queued);
  enter(heldDocs.flow, WorkflowState.Processing);
  enter(heldDocs.step, WorkflowState.Processing);

  const scanning = addInbox(db, 'Scanning', 'scanning');
  const apIntake = addInbox(db, 'AP Intake', 'ap-intake');
  for (const inbox of [scanning, apIntake]) grantInbox(db, inbox, w.full, ALL_INBOX_PERMISSIONS);
  return {
    ...{ status, payables, docs, filed, personnel, policies, held, heldDocs, scanning, apIntake },
    payablesSearch: byVendor('Payables', payables),
    policiesSearch: byVendor('Policies', policies),
    heldSearch: byVendor('Held', held),
  };
}

/** The world's files in the data folder: Payables' PDFs and the inboxes' files. */
export function writeClientDocFiles(dataDir: string, w: World): void {
  const put = (path: string, bytes: Buffer) => {
    mkdirSync(join(dataDir, path, '..'), { recursive: true });
    writeFileSync(join(dataDir, path), bytes);
  };
  PAGES.forEach((pages, i) => put(join('files', docPath(w.alpha, i)), pdfOf(pages)));
  const [tif1 = '', tif2 = '', pdf3 = ''] = SCANNING_FILES;
  put(join('inboxes', 'scanning', tif1), tiffOf(1));
  put(join('inboxes', 'scanning', tif2), tiffOf(2));
  put(join('inboxes', 'scanning', pdf3), pdfOf(3));
  put(join('inboxes', 'scanning', 'Letter.docx'), Buffer.from('not a pdf'));
  put(join('inboxes', 'ap-intake', AP_INTAKE_FILE), pdfOf(1));
}

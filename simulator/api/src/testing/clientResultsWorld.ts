// The results page's client tests' data (issue 29 item 5, decision 082), added to the client
// world (inProcess.ts): archive "Payables" of Alpha with a field of each kind the grid shows and
// edits (a RegEx, a currency, a date mask, a drop-down status with view tabs, a system date, an
// integer), three invoices with their history, and two searches: "Invoice Approval" (view tabs, a
// prompt) and "All Invoices" over Payables, "2024" (210 documents: nine pages of 25) and "2023"
// (none). full.user may do everything; web.user may not modify data, grouped may not view history,
// reader (a read-only licence) holds every right on the archive.
import {
  addArchive,
  addField,
  addList,
  addSearch,
  auditInserter,
  documentInserter,
  grantArchive,
  grantSearch,
  setArchiveViews,
} from '@gs/simulator-fixtures/builders';
import { ALL_ARCHIVE_PERMISSIONS, ArchivePermission, Operator, SearchSettings } from '@gs/contract/flags';
import type { Db } from '../db/connection';
import { INVOICE_FIELDS, statusField } from './invoiceFields';
import type { World } from './testApp';

export interface ResultsWorld {
  payables: number;
  /** children of Payables searched by "All Invoices" */
  y2024: number;
  y2023: number;
  vendorNumber: number;
  /** testApp's Amount (currency mask C) */
  amount: number;
  invoiceDate: number;
  status: number;
  /** the Status field's list: Pending, Paid, On Hold */
  statusList: number;
  dateEntered: number;
  lineItems: number;
  /** view tabs, a prompt on Vendor Number (contains), the default search of Payables */
  approval: number;
  /** Payables, 2024 and 2023, no prompt */
  allInvoices: number;
  /** V10001 (2999.99, Pending), V10002 (12.5, Paid), V10003 (7, Paid) */
  docs: [number, number, number];
  /** the documents of 2024 */
  bulk: number;
}

const { View, ModifyData, ViewHistory } = ArchivePermission;
const BULK = 210;
const DAY = 86_400_000;
const T0 = Date.UTC(2024, 0, 5, 10);

export function seedResultsWorld(db: Db, w: World): ResultsWorld {
  const f = (spec: Parameters<typeof addField>[2]) => addField(db, w.alpha, spec);
  const statusList = addList(db, w.alpha, 'Invoice statuses', ['Pending', 'Paid', 'On Hold']);
  const fields = {
    vendorNumber: f(INVOICE_FIELDS.vendorNumber),
    amount: w.amount,
    invoiceDate: f(INVOICE_FIELDS.invoiceDate),
    status: f(statusField(statusList)),
    dateEntered: f(INVOICE_FIELDS.dateEntered),
    lineItems: f(INVOICE_FIELDS.lineItems),
  };
  const ids = Object.values(fields);
  const payables = addArchive(db, w.alpha, { name: 'Payables', fieldIds: ids });
  const y2024 = addArchive(db, w.alpha, { name: '2024', parentId: payables, fieldIds: ids });
  const y2023 = addArchive(db, w.alpha, { name: '2023', parentId: payables, fieldIds: ids });
  setArchiveViews(db, payables, fields.status, [
    { label: 'Pending', value: 'Pending', color: '#f0ad4e' },
    { label: 'Paid', value: 'Paid', color: '#5cb85c' },
  ]);
  for (const archive of [payables, y2024, y2023]) grantArchive(db, archive, w.full, ALL_ARCHIVE_PERMISSIONS);
  grantArchive(db, payables, w.web, View | ViewHistory);
  grantArchive(db, payables, w.grouped, View | ModifyData);
  grantArchive(db, payables, w.reader, ALL_ARCHIVE_PERMISSIONS);

  const approval = addSearch(db, w.alpha, {
    name: 'Invoice Approval',
    archiveId: payables,
    settings: SearchSettings.ShowInList | SearchSettings.DefaultSearch | SearchSettings.ViewTabs,
    prompts: [{ fieldId: fields.vendorNumber, operator: Operator.Contains, prompt: 'Vendor Number' }],
  });
  const allInvoices = addSearch(db, w.alpha, {
    name: 'All Invoices',
    archiveId: payables,
    archiveIds: [payables, y2024, y2023],
    settings: SearchSettings.ShowInList,
    prompts: [],
  });
  for (const search of [approval, allInvoices])
    for (const user of [w.full, w.web, w.grouped, w.reader]) grantSearch(db, search, user);

  const insert = documentInserter(db, w.alpha, ids);
  const file = { filePath: '', fileType: '.pdf', fileSize: 0, pageCount: 1, createdAt: T0 };
  const invoice = (archiveId: number, values: (string | number)[]) =>
    insert({ ...file, archiveId, values: Object.fromEntries(ids.map((id, i) => [id, values[i] ?? null])) });
  const docs: ResultsWorld['docs'] = [
    invoice(payables, ['V10001', 2999.99, '2024-01-05', 'Pending', '2024-01-06', 3]),
    invoice(payables, ['V10002', 12.5, '2023-12-25', 'Paid', '2024-01-06', 1]),
    invoice(payables, ['V10003', 7, '2024-02-01', 'Paid', '2024-02-02', 9]),
  ];
  for (let i = 1; i <= BULK; i++)
    invoice(y2024, [`V2${String(i).padStart(4, '0')}`, i, '2024-03-01', 'Paid', '2024-03-02', 1]);

  const audit = auditInserter(db);
  const entry = (documentId: number, category: string, message: string, time: number) =>
    audit({
      databaseId: w.alpha,
      archiveId: payables,
      documentId,
      userName: 'full.user',
      category,
      message,
      time,
    });
  entry(docs[0], 'indexed', 'Document indexed', T0);
  entry(docs[0], 'viewed', 'Document viewed', T0 + DAY);
  entry(docs[0], 'updated', "Field 'Amount' changed from '1' to '2'", T0 + 2 * DAY);
  // the archive's history: 52 more entries, three pages of 25
  for (let i = 1; i <= 52; i++) entry(docs[1], 'viewed', `Entry ${i}`, T0 + 3 * DAY + i * 60_000);

  return { payables, y2024, y2023, ...fields, statusList, approval, allInvoices, docs, bulk: BULK };
}

// A fake Square9API for the results page tests: one archive (Invoices, 2) and a second one (2024,
// 3), a search with view tabs and a multi-archive one, a page of three documents, lists, checks,
// saves and history. Every handler can be replaced per test.
import { ArchivePermission, FieldProp, FieldType, SearchSettings } from '@gs/contract/flags';
import type { Search } from '@gs/contract/searches';
import { createFakeServer, json, type FakeAnswer, type FakeHandler } from './fakeServer';
import { archive, search } from './fixtures';
import { fieldDef, resultDoc, searchPage } from './searchFixtures';

export const FIELDS = [
  fieldDef(1, 'Vendor Number', FieldType.Character, { Size: 6, RegEx: '^V\\d{5}$' }),
  fieldDef(2, 'Amount', FieldType.Decimal, { Mask: 'C' }),
  fieldDef(3, 'Invoice Date', FieldType.Date, { Mask: 'd' }),
  fieldDef(4, 'Status', FieldType.Character, { List: 8, Prop: FieldProp.DropdownList }),
  fieldDef(5, 'Date Entered', FieldType.Date, { Prop: FieldProp.DateEntered }),
  fieldDef(6, 'Line Items', FieldType.Integer),
];

export const DOCS = [
  resultDoc(101, { 1: 'V10001', 2: '2999.99', 3: '1/5/2024', 4: 'Pending', 5: '1/6/2024', 6: '3' }),
  resultDoc(102, { 1: 'V10002', 2: '12.5', 3: '12/25/2023', 4: 'Paid', 5: '1/6/2024', 6: '1' }),
  // no Modify Data (1024) on this one
  resultDoc(
    103,
    { 1: 'V10003', 2: '7', 3: '2/1/2024', 4: 'Paid', 5: '2/2/2024', 6: '9' },
    ArchivePermission.View | ArchivePermission.ViewHistory,
  ),
];

export const TABBED: Search = {
  ...search(
    12,
    'Invoice Approval',
    SearchSettings.ShowInList | SearchSettings.DefaultSearch | SearchSettings.ViewTabs,
  ),
  Parent: 2,
  Archives: [{ ID: 2, Name: 'Invoices' }],
  Detail: [],
};
export const MULTI: Search = {
  ...search(13, 'All Invoices', SearchSettings.ShowInList),
  Parent: 2,
  Archives: [
    { ID: 2, Name: 'Invoices' },
    { ID: 3, Name: '2024' },
    { ID: 4, Name: '2023' },
  ],
  Detail: [],
};

export const resultsUrl = (extra = '', searchId = 12) =>
  `/results/hash-${searchId}?db=1&archive=2&Id=${searchId}${extra}`;

export function resultsServer(overrides: Record<string, FakeHandler | FakeAnswer> = {}) {
  return createFakeServer({
    'GET dbs': { Databases: [{ Id: 1, Name: 'Finance' }] },
    'GET dbs/1/archives': { Archives: [archive(1, 'Accounts Payable', 0, 2)] },
    'GET dbs/1/archives/2?type=info': { Id: 2, Name: 'Invoices', Parent: 1, Count: 3 },
    'GET dbs/1/archives/1?type=info': { Id: 1, Name: 'Accounts Payable', Parent: 0, Count: 0 },
    'GET dbs/1/archives/2?type=tabs': {
      Enabled: true,
      StatusField: 4,
      Tabs: [
        { tabId: 1, label: 'Pending', value: 'Pending', color: '#f0ad4e' },
        { tabId: 2, label: 'Paid', value: 'Paid', color: '#5cb85c' },
      ],
    },
    'GET dbs/1/searches/12': [TABBED],
    'GET dbs/1/searches/13': [MULTI],
    'GET dbs/1/lists/8': { ID: 8, Name: 'Status', Items: ['Pending', 'Paid', 'On Hold'] },
    'GET dbs/1/searches/12/archive/2/documents?Count=true': (r) =>
      json({ ArchiveId: 2, Count: r.url.searchParams.get('tabId') === '1' ? 1 : 2 }),
    'GET dbs/1/searches/12/archive/2/documents': searchPage(FIELDS, DOCS, 3),
    'GET dbs/1/searches/13/archive/2/documents?Count=true': { ArchiveId: 2, Count: 3 },
    'GET dbs/1/searches/13/archive/3/documents?Count=true': { ArchiveId: 3, Count: 40 },
    'GET dbs/1/searches/13/archive/4/documents?Count=true': { ArchiveId: 4, Count: 0 },
    'GET dbs/1/searches/13/archive/2/documents': searchPage(FIELDS, DOCS, 3),
    'GET dbs/1/searches/13/archive/3/documents': searchPage(FIELDS, DOCS.slice(0, 1), 40),
    ...overrides,
  });
}

/** The search execution calls (pages, not counts) the page made. */
export const pageRequests = (fake: ReturnType<typeof resultsServer>) =>
  fake.requests.filter((r) => /\/documents$/.test(r.path) && r.url.searchParams.get('Count') !== 'true');

// The search route tests' data, added to testApp's world: a "Ledger" archive with a field of every
// type (a dropdown, a multi-value field), view tabs and content search, documents through the
// fixtures' documentInserter, a search with one prompt per field type and operator, and a
// multi-archive search. The test clock's day is 2026-11-22.
import request from 'supertest';
import {
  addArchive,
  addField,
  addList,
  addSearch,
  documentInserter,
  grantArchive,
  grantSearch,
  setArchiveViews,
  type PromptSpec,
} from '@gs/simulator-fixtures/builders';
import {
  ALL_ARCHIVE_PERMISSIONS,
  FieldProp,
  FieldType,
  Operator,
  type OperatorCode,
} from '@gs/contract/flags';
import type { Db } from '../db/connection';
import { secureId } from '../security/repos/secureIds';
import type { makeWorldApp } from './testApp';
import { API, basic, makeSeededWorldApp, type TestApp, type World } from './testApp';

export type TypeKey = 'char' | 'int' | 'dec' | 'date' | 'mv';
/** Operators that take a value; "is empty" (6) and "is not empty" (7) always apply, so each of
 * those prompts gets a search of its own. */
export const OPERATORS: OperatorCode[] = [1, 2, 3, 4, 5];

export interface SearchIds {
  ledger: number;
  qty: number;
  date: number;
  status: number;
  tags: number;
  /** the search with a prompt per type and operator */
  all: number;
  /** the search and prompt id of (type, operator) */
  prompt: (type: TypeKey, op: OperatorCode) => { search: number; prompt: number };
  /** Ledger + Invoices (+ Open, which full.user may not view) */
  multi: number;
  /** static {Open} status and content search, view tabs */
  fixed: number;
  docs: Record<string, number>;
}

const LEDGER = [
  {
    key: 'acme',
    vendor: 'Acme Corp',
    amount: 1234.56,
    qty: 10,
    date: '2026-11-22',
    status: 'Open',
    tags: ['red', 'blue'],
    text: 'Invoice from Acme: widgets, widgets and gears.',
  },
  {
    key: 'acmeSupplies',
    vendor: 'ACME Supplies',
    amount: 99.5,
    qty: 200,
    date: '2026-11-21T09:30:00',
    status: 'Paid',
    tags: ['green'],
    text: 'Acme supplies statement',
  },
  {
    key: 'beta',
    vendor: 'Beta LLC',
    amount: 1000,
    qty: 5,
    date: '2026-11-15',
    status: 'Open',
    tags: [],
    text: 'Beta contract renewal',
  },
  {
    key: 'gamma',
    vendor: 'Gamma 100% Inc',
    amount: null,
    qty: null,
    date: null,
    status: 'Paid',
    tags: ['red'],
    text: 'gamma',
  },
  {
    key: 'blank',
    vendor: null,
    amount: 50.25,
    qty: 7,
    date: '2025-01-01',
    status: 'Void',
    tags: [],
    text: 'nothing to see',
  },
  {
    key: 'delta',
    vendor: 'delta_co',
    amount: 2000.75,
    qty: -3,
    date: '2026-11-23',
    status: 'Open',
    tags: ['BLUE'],
    text: 'Delta widgets',
  },
] as const;

function seedSearchWorld(db: Db, w: World): SearchIds {
  const statusList = addList(db, w.alpha, 'Statuses', ['Open', 'Paid', 'Void']);
  const qty = addField(db, w.alpha, { name: 'Qty', type: FieldType.Integer });
  const date = addField(db, w.alpha, { name: 'Invoice Date', type: FieldType.Date, mask: 'd' });
  const status = addField(db, w.alpha, {
    name: 'Status',
    type: FieldType.Character,
    prop: FieldProp.DropdownList,
    listId: statusList,
  });
  const tags = addField(db, w.alpha, { name: 'Tags', type: FieldType.Character, prop: FieldProp.MultiValue });
  const ledger = addArchive(db, w.alpha, {
    name: 'Ledger',
    contentSearch: true,
    fieldIds: [w.vendor, w.amount, qty, date, status, tags],
  });
  setArchiveViews(db, ledger, status, [
    { label: 'Open', value: 'Open', color: 'green' },
    { label: 'Paid', value: 'paid', color: 'blue' },
  ]);
  grantArchive(db, ledger, w.full, ALL_ARCHIVE_PERMISSIONS);
  grantArchive(db, ledger, w.reader, 1);

  const insert = documentInserter(db, w.alpha, [w.vendor, w.amount, qty, date, status]);
  const docs: Record<string, number> = {};
  LEDGER.forEach((d, i) => {
    docs[d.key] = insert({
      archiveId: ledger,
      filePath: `ledger/${d.key}.pdf`,
      fileType: '.pdf',
      fileSize: 1,
      pageCount: 1,
      createdAt: Date.UTC(2026, 0, 1 + i),
      values: {
        [w.vendor]: d.vendor,
        [w.amount]: d.amount,
        [qty]: d.qty,
        [date]: d.date,
        [status]: d.status,
      },
      multiValues: { [tags]: [...d.tags] },
      text: d.text,
    });
  });
  docs.east = documentInserter(db, w.alpha, [w.vendor])({
    archiveId: w.invoices,
    filePath: '',
    fileType: '.tif',
    fileSize: 1,
    pageCount: 1,
    createdAt: 0,
    values: { [w.vendor]: 'Acme East' },
  });

  const fields: Record<TypeKey, number> = { char: w.vendor, int: qty, dec: w.amount, date, mv: tags };
  const prompts: PromptSpec[] = (Object.keys(fields) as TypeKey[]).flatMap((type) =>
    OPERATORS.map((operator) => ({ fieldId: fields[type], operator, prompt: `${type} ${operator}` })),
  );
  const all = addSearch(db, w.alpha, { name: 'Every operator', archiveId: ledger, prompts });
  const first = (
    db.prepare(`SELECT min(id) AS id FROM search_prompts WHERE search_id = ?`).get(all) as { id: number }
  ).id;
  const keys = Object.keys(fields) as TypeKey[];
  const emptiness = new Map<string, number>();
  for (const type of keys)
    for (const operator of [Operator.IsEmpty, Operator.IsNotEmpty]) {
      const id = addSearch(db, w.alpha, {
        name: `${type} ${operator}`,
        archiveId: ledger,
        prompts: [{ fieldId: fields[type], operator, prompt: `${type} ${operator}` }],
      });
      grantSearch(db, id, w.full);
      emptiness.set(`${type} ${operator}`, id);
    }
  const promptOf = (search: number): number =>
    (db.prepare(`SELECT min(id) AS id FROM search_prompts WHERE search_id = ?`).get(search) as { id: number })
      .id;
  const emptyPrompts = new Map(
    [...emptiness].map(([k, search]) => [k, { search, prompt: promptOf(search) }]),
  );
  const prompt = (type: TypeKey, op: OperatorCode): { search: number; prompt: number } =>
    emptyPrompts.get(`${type} ${op}`) ?? {
      search: all,
      prompt: first + keys.indexOf(type) * OPERATORS.length + (op - 1),
    };

  const multi = addSearch(db, w.alpha, {
    name: 'Everywhere',
    archiveId: ledger,
    archiveIds: [ledger, w.invoices, w.open],
    prompts: [{ fieldId: w.vendor, operator: Operator.Contains, prompt: 'Vendor' }],
  });
  const fixed = addSearch(db, w.alpha, {
    name: 'Open ones',
    archiveId: ledger,
    settings: 4 | 1 | 32,
    prompts: [
      { fieldId: status, operator: Operator.Equals, prompt: 'Status', value: '{Open}' },
      { fieldId: date, operator: Operator.LessOrEqual, prompt: 'Until', value: '{@today}' },
      { fieldId: w.vendor, operator: Operator.Contains, prompt: 'Vendor' },
    ],
  });
  for (const s of [all, multi, fixed]) grantSearch(db, s, w.full);
  grantSearch(db, all, w.reader);
  return { ledger, qty, date, status, tags, all, prompt, multi, fixed, docs };
}

export type SearchApp = TestApp & { w: World; s: SearchIds };

export function makeSearchApp(options: Parameters<typeof makeWorldApp>[0] = {}): SearchApp {
  const { seeded, ...t } = makeSeededWorldApp(seedSearchWorld, options);
  return { ...t, s: seeded };
}

/** GET the documents of one archive of a search, with the search's SecureId unless given. */
export function runSearch(
  t: SearchApp,
  searchId: number,
  archiveId: number,
  query: Record<string, string | number | boolean>,
  user = 'full.user',
): request.Test {
  const params = new URLSearchParams({ SecureId: secureId(t.secret, 'search', t.w.alpha, searchId) });
  for (const [k, v] of Object.entries(query)) params.set(k, String(v));
  return request(t.app)
    .get(`${API}dbs/${t.w.alpha}/searches/${searchId}/archive/${archiveId}/documents?${params.toString()}`)
    .set('Authorization', basic(user));
}

/** SearchCriteria with unquoted keys, as the C# helper library writes it. */
export const unquoted = (criteria: Record<number | string, string>): string =>
  `{${Object.entries(criteria)
    .map(([k, v]) => `${k}:${JSON.stringify(v)}`)
    .join(',')}}`;

// The world of the editing and history route tests: archive "Ledger" in database Alpha with a
// field of every kind (types, RegEx, required, drop-down, dynamic list, multi-value, system and
// table fields) and two documents, on top of the shared test world.
import request from 'supertest';
import {
  addArchive,
  addField,
  addList,
  documentInserter,
  grantArchive,
  mapDynamicList,
} from '@gs/simulator-fixtures/builders';
import { ALL_ARCHIVE_PERMISSIONS, FieldProp, FieldType } from '@gs/contract/flags';
import type { Db } from '../db/connection';
import { secureId } from '../security/repos/secureIds';
import type { makeWorldApp } from './testApp';
import { API, basic, makeSeededWorldApp, type TestApp, type World } from './testApp';

export interface EditWorld {
  ledger: number;
  code: number;
  qty: number;
  price: number;
  due: number;
  customer: number;
  status: number;
  region: number;
  city: number;
  tags: number;
  modifiedBy: number;
  entered: number;
  lines: number;
  /** two documents of Ledger, one of Invoices */
  doc1: number;
  doc2: number;
  invoiceDoc: number;
}

function addEditFields(db: Db, alpha: number) {
  const f = (spec: Parameters<typeof addField>[2]) => addField(db, alpha, spec);
  const statusList = addList(db, alpha, 'Statuses', ['Open', 'Closed']);
  const regionList = addList(db, alpha, 'Regions', ['North', 'South']);
  const allCities = addList(db, alpha, 'All cities', ['Oslo', 'Bergen', 'Rome', 'Naples']);
  const region = f({
    name: 'Region',
    type: FieldType.Character,
    prop: FieldProp.DropdownList,
    listId: regionList,
  });
  const city = f({
    name: 'City',
    type: FieldType.Character,
    prop: FieldProp.DynamicList,
    listId: allCities,
    parentId: region,
    listF1: region,
  });
  mapDynamicList(db, city, 'North', '', addList(db, alpha, 'City - North', ['Oslo', 'Bergen']));
  mapDynamicList(db, city, 'South', '', addList(db, alpha, 'City - South', ['Rome', 'Naples']));
  return {
    code: f({
      name: 'Code',
      type: FieldType.Character,
      size: 5,
      regex: '^[A-Z]{2}\\d{3}$',
      regexMessage: 'Use two letters and three digits.',
    }),
    qty: f({ name: 'Quantity', type: FieldType.Integer }),
    price: f({ name: 'Price', type: FieldType.Decimal, mask: 'C' }),
    due: f({ name: 'Due Date', type: FieldType.Date }),
    customer: f({ name: 'Customer', type: FieldType.Character, prop: FieldProp.Required }),
    status: f({
      name: 'Status',
      type: FieldType.Character,
      prop: FieldProp.DropdownList,
      listId: statusList,
    }),
    region,
    city,
    tags: f({ name: 'Tags', type: FieldType.Character, size: 10, prop: FieldProp.MultiValue }),
    modifiedBy: f({ name: 'Modified By', type: FieldType.Character, prop: FieldProp.LastModifiedBy }),
    entered: f({ name: 'Date Entered', type: FieldType.Date, prop: FieldProp.DateEntered }),
    lines: f({ name: 'Lines', type: FieldType.Character, prop: FieldProp.TableField }),
  };
}

export function seedEditWorld(db: Db, w: World): EditWorld {
  const fields = addEditFields(db, w.alpha);
  const ids = Object.values(fields);
  const ledger = addArchive(db, w.alpha, { name: 'Ledger', fieldIds: [w.vendor, ...ids] });
  grantArchive(db, ledger, w.full, ALL_ARCHIVE_PERMISSIONS);
  grantArchive(db, ledger, w.web, 1 | 1024);
  grantArchive(db, ledger, w.reader, 1 | 512 | 1024);
  grantArchive(db, ledger, w.group, 1 | 512, 0);
  const insert = documentInserter(db, w.alpha, [w.vendor, ...ids]);
  const base = { filePath: 'a.pdf', fileType: '.pdf', fileSize: 1, pageCount: 1, createdAt: 0 };
  const doc1 = insert({
    ...base,
    archiveId: ledger,
    values: {
      [w.vendor]: 'Acme',
      [fields.qty]: 3,
      [fields.customer]: 'Globex',
      [fields.region]: 'North',
      [fields.city]: 'Oslo',
      [fields.modifiedBy]: 'seed',
      [fields.entered]: '2025-01-02T03:04:05',
    },
    multiValues: { [fields.tags]: ['red', 'blue'] },
  });
  const doc2 = insert({ ...base, archiveId: ledger, values: { [fields.customer]: 'Initech' } });
  const invoiceDoc = insert({ ...base, archiveId: w.invoices, values: { [w.vendor]: 'Other' } });
  return { ledger, ...fields, doc1, doc2, invoiceDoc };
}

export type EditTestApp = TestApp & { w: World; e: EditWorld };

export function makeEditApp(
  extra: (db: Db, w: World, e: EditWorld) => void = () => {},
  options: Parameters<typeof makeWorldApp>[0] = {},
): EditTestApp {
  const { seeded, ...t } = makeSeededWorldApp(seedEditWorld, options, extra);
  return { ...t, e: seeded };
}

export const docSecureId = (t: EditTestApp, doc: number): string => secureId(t.secret, 'doc', t.w.alpha, doc);

/** A request as `user` (Basic) to a path under the API. */
export const call = (t: TestApp, user: string, method: 'get' | 'post' | 'put', path: string) =>
  request(t.app)[method](`${API}${path}`).set('Authorization', basic(user));

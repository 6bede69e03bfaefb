// A fake administration API for the console tests: databases, archives, fields, table fields,
// lists, searches, stamps, inboxes and licence rules kept in memory, so a create, edit or delete
// changes what the next GET answers (contract/admin/*.ts shapes). Flags pick who is signed in.
import type {
  AdminArchive,
  AdminDatabase,
  AdminField,
  AdminList,
  AdminSearch,
  AdminTableField,
} from '@gs/contract/admin/catalog';
import type { AdminInbox, AdminLicenseRule, AdminStamp } from '@gs/contract/admin/server';
import { createFakeServer, json, type FakeAnswer, type FakeHandler, type FakeRequest } from './fakeServer';

export interface AdminWorld {
  databases: AdminDatabase[];
  archives: AdminArchive[];
  fields: AdminField[];
  tableFields: AdminTableField[];
  lists: AdminList[];
  searches: AdminSearch[];
  stamps: AdminStamp[];
  inboxes: AdminInbox[];
  rules: AdminLicenseRule[];
}

export interface AdminFlagsSetup {
  anyDb: boolean;
  all: boolean;
  userAdmin: boolean;
  /** licences of the multi-database feature (`admin?feature=mdb`); 1 unless said */
  mdb?: number;
}

export const SSADMIN: AdminFlagsSetup = { anyDb: true, all: true, userAdmin: true };
export const DBADMIN: AdminFlagsSetup = { anyDb: true, all: false, userAdmin: false };
export const NOT_ADMIN: AdminFlagsSetup = { anyDb: false, all: false, userAdmin: false };

const field = (Id: number, Name: string, patch: Partial<AdminField> = {}): AdminField => ({
  Id,
  Name,
  Type: 'character',
  Format: '',
  Regex: '',
  RegexMessage: '',
  RegSample: { Name: '', Value: '' },
  Length: 50,
  Required: false,
  MultiValue: false,
  SystemField: '',
  List: { Type: '', ListId: 0, Primary: 0, Secondary: 0, Mapping: [] },
  ExtendedConfig: '',
  ...patch,
});

const archive = (Id: number, Name: string, Fields: number[], Parent = 0): AdminArchive => ({
  Id,
  Name,
  Parent,
  Permissions: 0,
  Properties: 0,
  BasePath: { Default: true, Path: '', UniqueName: '' },
  CreateBrowse: false,
  Fields,
  View: { Enabled: false, StatusField: 0, Values: [] },
  ContentSearch: false,
  RevisionControl: 0,
  ConvertPdf: false,
  Notifications: { To: '', From: '', Subject: '', Message: '' },
});

export function adminWorld(): AdminWorld {
  return {
    databases: [
      { Id: 1, Name: 'Demo', Server: '(local)', Auth: { Type: 'windows', User: '', Pass: '' } },
      { Id: 2, Name: 'HR', Server: '(local)', Auth: { Type: 'windows', User: '', Pass: '' } },
    ],
    archives: [
      archive(1, 'Accounts Payable', [1, 2]),
      archive(2, 'Invoices', [1, 2], 1),
      archive(3, 'Versions', [1]),
    ],
    fields: [
      field(1, 'Vendor'),
      field(2, 'Invoice Date', { Type: 'date' }),
      field(3, 'Amount', { Type: 'decimal' }),
    ],
    tableFields: [{ Id: 1, Name: 'Line Items', Fields: [1, 3] }],
    lists: [{ Id: 1, Name: 'Vendors', AssemblyPath: '', AssemblyParameters: '', Values: ['Acme', 'Globex'] }],
    searches: [],
    stamps: [
      { Id: 1, Text: 'Received' },
      { Id: 2, Text: 'APPROVED' },
      { Id: 3, Text: 'Paid @Today' },
    ],
    inboxes: [{ Id: 3, Name: 'Scanning', BasePath: '', UniqueName: 'scanning' }],
    rules: [
      {
        IID: 1,
        Name: 'Default',
        Type: 1,
        MaxTime: 8,
        MaxTimeType: 'hours',
        MaxTimeLastAccessed: 20,
        MaxTimeLastAccessedType: 'minutes',
        UserOrGroup: '',
      },
      {
        IID: 5,
        Name: 'Night shift',
        Type: 2,
        MaxTime: 10,
        MaxTimeType: 'hours',
        MaxTimeLastAccessed: 15,
        MaxTimeLastAccessedType: 'minutes',
        UserOrGroup: 'night',
      },
    ],
  };
}

const body = <T>(request: FakeRequest): T => JSON.parse(request.body ?? '{}') as T;
const idOf = (request: FakeRequest) => Number(request.path.split('/').at(-1));
const nextId = (items: readonly { Id: number }[]) => Math.max(0, ...items.map((i) => i.Id)) + 1;

/** GET all / POST / GET, PUT, DELETE by id over one in-memory collection. */
function collection<T extends { Id: number }>(base: string, get: () => T[], set: (items: T[]) => void) {
  const byId: FakeHandler = (r): FakeAnswer => {
    const id = idOf(r);
    const found = get().find((i) => i.Id === id);
    if (!found) return json({ Message: 'Not found.' }, 404);
    if (r.method === 'GET') return [found];
    if (r.method === 'PUT') set(get().map((i) => (i.Id === id ? { ...body<T>(r), Id: id } : i)));
    if (r.method === 'DELETE') set(get().filter((i) => i.Id !== id));
    return json(null);
  };
  const routes: Record<string, FakeHandler> = {
    [`GET ${base}`]: () => get(),
    [`POST ${base}`]: (r) => {
      const made = { ...body<T>(r), Id: nextId(get()) };
      set([...get(), made]);
      return made;
    },
  };
  const ids = get().map((i) => i.Id);
  for (let id = 1; id <= Math.max(10, ...ids) + 10; id++)
    for (const method of ['GET', 'PUT', 'DELETE']) routes[`${method} ${base}/${id}`] = byId;
  return routes;
}

export function adminServer(
  world: AdminWorld,
  flags: AdminFlagsSetup,
  extra: Record<string, FakeHandler | FakeAnswer> = {},
) {
  const w = world;
  return createFakeServer({
    'GET admin?function=isAnyDbAdmin': flags.anyDb,
    'GET admin?function=isAdminAll': flags.all,
    'GET userAdmin/isAdmin': flags.userAdmin,
    'GET admin?feature=usr': 1,
    'GET admin?feature=gaw': 0,
    'GET admin?feature=mdb': flags.mdb ?? 1,
    'GET dbs': { Databases: w.databases.map((d) => ({ Id: d.Id, Name: d.Name })) },
    'GET admin/databases/1/options/archives': { ShowAll: false },
    'PUT admin/databases/1/options/archives': json(null),
    'GET admin/options/inboxes': { ShowAll: true },
    ...collection(
      'admin/databases/1/archives',
      () => w.archives,
      (v) => (w.archives = v),
    ),
    ...collection(
      'admin/databases/1/fields',
      () => w.fields,
      (v) => (w.fields = v),
    ),
    ...collection(
      'admin/databases/1/tablefields',
      () => w.tableFields,
      (v) => (w.tableFields = v),
    ),
    ...collection(
      'admin/databases/1/lists',
      () => w.lists,
      (v) => (w.lists = v),
    ),
    ...collection(
      'admin/databases/1/searches',
      () => w.searches,
      (v) => (w.searches = v),
    ),
    ...collection(
      'admin/stamps',
      () => w.stamps,
      (v) => (w.stamps = v),
    ),
    ...collection(
      'admin/inboxes',
      () => w.inboxes,
      (v) => (w.inboxes = v),
    ),
    ...collection(
      'admin/databases',
      () => w.databases,
      (v) => (w.databases = v),
    ),
    // a database administrator sees only the database they administer
    'GET admin/databases': () => (flags.all ? w.databases : w.databases.slice(0, 1)),
    'GET admin/licenserules': () => w.rules,
    'POST admin/licenserules': (r) => {
      const rule = { ...body<AdminLicenseRule>(r), IID: Math.max(...w.rules.map((x) => x.IID)) + 1 };
      w.rules = [...w.rules, rule];
      return rule;
    },
    'DELETE admin/licenserules': (r) => {
      const iid = Number(r.url.searchParams.get('IID'));
      w.rules = w.rules.filter((x) => x.IID !== iid);
      return json(null);
    },
    ...extra,
  });
}

import { beforeEach, describe, expect, it } from 'vitest';
import request from 'supertest';
import { addField, addList, addSearch, grantSearch, PRINCIPAL_GROUP } from '@gs/simulator-fixtures/builders';
import { FieldType, Operator } from '@gs/contract/flags';
import type { Search } from '@gs/contract/searches';
import { secureId } from '../../security/repos/secureIds';
import { API, basic, makeWorldApp, type TestApp, type World } from '../../testing/testApp';

interface Ids {
  invoiceSearch: number;
  contractSearch: number;
  hidden: number;
  orderSearch: number;
  tags: number;
  tagList: number;
  prompt1: number;
}
let t: TestApp & { w: World };
let ids: Ids;

beforeEach(() => {
  t = makeWorldApp({}, (db, w) => {
    const tagList = addList(db, w.alpha, 'Tags', ['a', 'b']);
    const tags = addField(db, w.alpha, {
      name: 'Tags',
      type: FieldType.Character,
      prop: 32 | 64,
      listId: tagList,
    });
    const invoiceSearch = addSearch(db, w.alpha, {
      name: 'Invoice Search',
      archiveId: w.invoices,
      prompts: [
        { fieldId: w.vendor, operator: Operator.Equals, prompt: 'Vendor is' },
        { fieldId: w.amount, operator: Operator.GreaterOrEqual, prompt: 'Amount from', value: '{100}' },
        { fieldId: tags, operator: Operator.Contains, prompt: 'Tag' },
      ],
    });
    const contractSearch = addSearch(db, w.alpha, {
      name: 'contract search',
      archiveId: w.contracts,
      archiveIds: [w.contracts, w.invoices],
      settings: 4 | 32,
      fuzzy: 2,
      grouping: 'g',
      prompts: [],
    });
    const hidden = addSearch(db, w.alpha, { name: 'Hidden', archiveId: w.invoices, prompts: [] });
    const orderSearch = addSearch(db, w.beta, { name: 'Orders', archiveId: w.orders, prompts: [] });
    grantSearch(db, invoiceSearch, w.full, 2 | 8);
    grantSearch(db, invoiceSearch, w.grouped, 4);
    grantSearch(db, contractSearch, w.group, 2, PRINCIPAL_GROUP);
    grantSearch(db, contractSearch, w.full, 16);
    grantSearch(db, orderSearch, w.full);
    const prompt1 = (db.prepare('SELECT MIN(id) AS id FROM search_prompts').get() as { id: number }).id;
    ids = { invoiceSearch, contractSearch, hidden, orderSearch, tags, tagList, prompt1 };
  });
});
const as = (user: string, path: string) =>
  request(t.app).get(`${API}${path}`).set('Authorization', basic(user));
const namesOf = (res: request.Response): string[] => (res.body as Search[]).map((s) => s.Name);

describe('GET dbs/{db}/searches', () => {
  it('is a bare array of Search objects with the wire keys and per-user Props and Settings', async () => {
    const { alpha, invoices, vendor, amount } = t.w;
    const res = await as('full.user', `dbs/${alpha}/searches`).expect(200);
    const body = res.body as Search[];
    expect(body.map((s) => s.Name)).toEqual(['contract search', 'Invoice Search']);
    const prompt = (n: number) => ids.prompt1 + n;
    expect(body[1]).toEqual({
      Id: ids.invoiceSearch,
      Name: 'Invoice Search',
      Parent: invoices,
      Hash: secureId(t.secret, 'search', alpha, ids.invoiceSearch),
      Props: 2 | 8,
      Fuzzy: 0,
      Settings: 4 | 8,
      Grouping: '',
      Archives: [{ ID: invoices, Name: 'Invoices' }],
      Detail: [
        {
          ...{
            ID: prompt(0),
            FID: vendor,
            ListID: 0,
            ListF1: 0,
            ListF2: 0,
            Parent: 0,
            Operator: 1,
            Prompt: 'Vendor is',
          },
          ...{
            VAL: '',
            Prop: 0,
            FieldType: 1,
            Mask: '',
            Name: 'Vendor',
            Type: 1,
            MultiValue: false,
            MVAL: [],
          },
        },
        {
          ...{
            ID: prompt(1),
            FID: amount,
            ListID: 0,
            ListF1: 0,
            ListF2: 0,
            Parent: 0,
            Operator: 3,
            Prompt: 'Amount from',
          },
          ...{
            VAL: '{100}',
            Prop: 0,
            FieldType: 4,
            Mask: 'C',
            Name: 'Amount',
            Type: 4,
            MultiValue: false,
            MVAL: [],
          },
        },
        {
          ...{
            ID: prompt(2),
            FID: ids.tags,
            ListID: ids.tagList,
            ListF1: 0,
            ListF2: 0,
            Parent: 0,
            Operator: 2,
          },
          ...{
            Prompt: 'Tag',
            VAL: '',
            Prop: 96,
            FieldType: 1,
            Mask: '',
            Name: 'Tags',
            Type: 1,
            MultiValue: true,
            MVAL: [],
          },
        },
      ],
    });
    expect(Object.keys(body[0] ?? {})).toEqual([
      'Id',
      'Name',
      'Parent',
      'Hash',
      'Props',
      'Fuzzy',
      'Settings',
      'Grouping',
      'Archives',
      'Detail',
    ]);
    expect(body[0]).toMatchObject({
      Props: 2 | 16,
      Settings: 4 | 32,
      Fuzzy: 2,
      Grouping: 'g',
      Archives: [
        { ID: t.w.contracts, Name: 'Contracts' },
        { ID: invoices, Name: 'Invoices' },
      ],
      Detail: [],
    });
  });

  it('lists only the searches the user may run: grants to the user or a group, or administrators', async () => {
    const { alpha } = t.w;
    expect(namesOf(await as('SSAdministrator', `dbs/${alpha}/searches`))).toEqual([
      'contract search',
      'Hidden',
      'Invoice Search',
    ]);
    expect(namesOf(await as('dbadmin', `dbs/${alpha}/searches/`))).toEqual([
      'contract search',
      'Hidden',
      'Invoice Search',
    ]);
    expect(namesOf(await as('web.user', `dbs/${alpha}/searches`))).toEqual([]);
    const grouped = (await as('grouped', `DBS/${alpha}/SEARCHES`).expect(200)).body as Search[];
    expect(grouped.map((s) => [s.Name, s.Props, s.Settings])).toEqual([
      ['contract search', 2, 36],
      ['Invoice Search', 6, 4],
    ]);
    const admin = (await as('SSAdministrator', `dbs/${alpha}/searches`)).body as Search[];
    expect(admin.map((s) => s.Props)).toEqual([2, 2, 2]);
  });

  it('searches/0 is the whole list', async () => {
    expect(namesOf(await as('full.user', `dbs/${t.w.alpha}/searches/0`).expect(200))).toEqual([
      'contract search',
      'Invoice Search',
    ]);
  });

  it('answers 404 for a database the user may not see and 400 for a non-numeric one', async () => {
    await as('web.user', `dbs/${t.w.beta}/searches`).expect(404, {
      Message: `Database ${t.w.beta} was not found.`,
    });
    await as('web.user', 'dbs/x/searches').expect(400);
  });
});

describe('GET dbs/{db}/searches/{id}', () => {
  it('is a bare array holding the one search', async () => {
    const res = await as('full.user', `dbs/${t.w.alpha}/searches/${ids.invoiceSearch}`).expect(200);
    expect(namesOf(res)).toEqual(['Invoice Search']);
  });

  it('answers 404 for an unknown search, one the user may not run, or one of another database', async () => {
    const { alpha } = t.w;
    const msg = (id: number) => ({ Message: `Search ${id} was not found in database ${alpha}.` });
    await as('full.user', `dbs/${alpha}/searches/999`).expect(404, msg(999));
    await as('full.user', `dbs/${alpha}/searches/${ids.hidden}`).expect(404, msg(ids.hidden));
    await as('full.user', `dbs/${alpha}/searches/${ids.orderSearch}`).expect(404, msg(ids.orderSearch));
    await as('full.user', `dbs/${alpha}/searches/abc`).expect(400);
  });
});

describe('GET dbs/{db}/archives/{a}/searches[/{id}]', () => {
  it('lists the searches whose parent is that archive', async () => {
    const { alpha, invoices, contracts } = t.w;
    expect(
      namesOf(await as('SSAdministrator', `dbs/${alpha}/archives/${invoices}/searches`).expect(200)),
    ).toEqual(['Hidden', 'Invoice Search']);
    expect(
      namesOf(await as('full.user', `dbs/${alpha}/Archives/${contracts}/Searches/`).expect(200)),
    ).toEqual(['contract search']);
  });

  it('finds one search under its own archive only', async () => {
    const { alpha, invoices, contracts } = t.w;
    const res = await as(
      'full.user',
      `dbs/${alpha}/archives/${invoices}/searches/${ids.invoiceSearch}`,
    ).expect(200);
    expect(namesOf(res)).toEqual(['Invoice Search']);
    await as('full.user', `dbs/${alpha}/archives/${contracts}/searches/${ids.invoiceSearch}`).expect(404);
  });

  it('answers 404 for an archive the user cannot view or of another database', async () => {
    const { alpha, open, orders } = t.w;
    await as('full.user', `dbs/${alpha}/archives/${open}/searches`).expect(404, {
      Message: `Archive ${open} was not found in database ${alpha}.`,
    });
    await as('full.user', `dbs/${alpha}/archives/${orders}/searches`).expect(404);
    await as('full.user', `dbs/${alpha}/archives/x/searches`).expect(400);
  });
});

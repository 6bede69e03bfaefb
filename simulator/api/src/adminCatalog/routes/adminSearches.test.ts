import { beforeEach, describe, expect, it } from 'vitest';
import type { AdminSearch } from '@gs/contract/admin/catalog';
import { ArchiveFlags, Operator } from '@gs/contract/flags';
import type { Search } from '@gs/contract/searches';
import { addArchive, addSearch, grantSearch } from '@gs/simulator-fixtures/builders';
import type { EditTestApp } from '../../testing/editWorld';
import { adminCall, expectBadRequest, makeAdminApp, snapshot } from '../../testing/catalogAdminWorld';

let t: EditTestApp;
beforeEach(() => {
  t = makeAdminApp();
});
const path = (id?: number, db = t.w.alpha) =>
  `admin/databases/${db}/searches${id === undefined ? '' : `/${id}`}`;
const as = (user: string, method: Parameters<typeof adminCall>[2], p: string, body?: unknown) =>
  adminCall(t, user, method, p, body);
const offered = async (user = 'full.user'): Promise<Search[]> =>
  (await as(user, 'get', `dbs/${t.w.alpha}/searches`).expect(200)).body as Search[];
const create = async (body: object): Promise<AdminSearch> =>
  (await as('SSAdministrator', 'post', path(), body).expect(200)).body as AdminSearch;

describe('GET admin/databases/{db}/searches', () => {
  it('answers every search as AdminSearch (an array also for one id)', async () => {
    const id = addSearch(t.db, t.w.alpha, {
      name: 'By customer',
      archiveId: t.e.ledger,
      settings: 4 | 32,
      prompts: [{ fieldId: t.e.customer, operator: Operator.Equals, prompt: 'Customer' }],
    });
    const res = await as('dbadmin', 'get', path(id)).expect(200);
    const [s] = res.body as AdminSearch[];
    expect(s).toEqual({
      Id: id,
      Name: 'By customer',
      Parent: t.e.ledger,
      Archives: [t.e.ledger],
      Parameters: [
        { Id: expect.any(Number) as number, Field: t.e.customer, Condition: 'equals', Prompt: 'Customer' },
      ],
      AdvancedGrouping: '',
      GrantAll: false,
      ImageXChange: false,
      MultiValue: false,
      DisplayViewTabs: true,
      UseTime: false,
      ContentSearch: { Enabled: false, Phonics: false, Stemming: false, Fuzziness: false, FuzzinessValue: 0 },
    });
    expect(((await as('dbadmin', 'get', path()).expect(200)).body as AdminSearch[]).map((x) => x.Id)).toEqual(
      [id],
    );
    await as('dbadmin', 'get', path(99999)).expect(404);
  });
});

describe('POST admin/databases/{db}/searches', () => {
  it('saves a search that end users run at once, with two prompts and a list value', async () => {
    const s = await create({
      name: 'Ledger by region',
      parent: t.e.ledger,
      grantAll: true,
      displayViewTabs: true,
      parameters: [
        { field: t.e.region, condition: 'EQUALS', prompt: 'Region' },
        { field: t.e.customer, prompt: 'Customer' },
      ],
    });
    expect(s.Archives).toEqual([t.e.ledger]);
    expect(s.Parameters.map((p) => p.Condition)).toEqual(['equals', 'contains']);
    const found = (await offered()).find((x) => x.Id === s.Id);
    if (!found) throw new Error('not offered to full.user');
    expect(found.Detail.map((d) => [d.FID, d.Operator, d.Prompt])).toEqual([
      [t.e.region, Operator.Equals, 'Region'],
      [t.e.customer, Operator.Contains, 'Customer'],
    ]);
    const [region, customer] = found.Detail.map((d) => d.ID);
    const criteria = encodeURIComponent(JSON.stringify({ [region ?? 0]: 'North', [customer ?? 0]: 'glob' }));
    const res = await as(
      'full.user',
      'get',
      `dbs/${t.w.alpha}/searches/${s.Id}/archive/${t.e.ledger}/documents?SecureId=${found.Hash}&SearchCriteria=${criteria}`,
    ).expect(200);
    expect((res.body as { Docs: { Id: number }[] }).Docs.map((d) => d.Id)).toEqual([t.e.doc1]);
    // without GrantAll only those granted it in security see it
    const closed = await create({ Name: 'Private', Parent: t.e.ledger });
    expect((await offered()).map((x) => x.Id)).not.toContain(closed.Id);
    grantSearch(t.db, closed.Id, t.w.full);
    expect((await offered()).map((x) => x.Id)).toContain(closed.Id);
  });

  it('drops the Versions archive and parameters of missing fields, and clears the prompt of IsEmpty', async () => {
    const versions = addArchive(t.db, t.w.alpha, {
      name: 'Versions',
      fieldIds: [],
      flags: ArchiveFlags.VersionsArchive,
    });
    const s = await create({
      Name: 'Tidy',
      Parent: 0,
      Archives: [t.e.ledger, versions, t.e.ledger, t.w.invoices],
      Parameters: [
        { Field: t.e.customer, Condition: 'isempty', Prompt: 'ignored' },
        { Field: 99999, Condition: 'equals', Prompt: 'gone' },
        { Field: t.e.qty, Condition: 'greaterthanorequal', Prompt: '' },
      ],
      ContentSearch: { Enabled: true, Fuzziness: true, FuzzinessValue: 3 },
    });
    expect(s.Archives).toEqual([t.e.ledger, t.w.invoices]);
    expect(s.Parameters.map((p) => [p.Field, p.Condition, p.Prompt])).toEqual([
      [t.e.customer, 'isempty', ''],
      [t.e.qty, 'greaterthanorequal', 'Quantity'],
    ]);
    expect(s.ContentSearch).toEqual({
      Enabled: true,
      Phonics: false,
      Stemming: false,
      Fuzziness: true,
      FuzzinessValue: 3,
    });
    // a search of the database level with no archive is kept: the client warns about it
    expect((await create({ Name: 'Nothing yet' })).Archives).toEqual([]);
  });

  it('refuses bad bodies with 400 and saves nothing', async () => {
    const before = snapshot(t, 'searches');
    const bad: [object, RegExp][] = [
      [{ Name: '' }, /needs a name/],
      [{ Name: 'S', Parent: 99999 }, /Archive 99999 was not found/],
      [{ Name: 'S', Archives: [t.w.orders] }, /was not found in database/],
      [{ Name: 'S', Parameters: [{ Field: t.e.qty, Condition: 'like' }] }, /not one of/],
      [{ Name: 'S', Parameters: [{ Condition: 'equals' }] }, /search is not valid/],
      [{ Name: 'S', Archives: 'all' }, /search is not valid/],
    ];
    for (const [body, detail] of bad)
      await expectBadRequest(as('SSAdministrator', 'post', path(), body), detail);
    expect(snapshot(t, 'searches')).toEqual(before);
  });
});

describe('PUT and DELETE admin/databases/{db}/searches/{id}', () => {
  it('keeps the ids of kept prompts, so saved criteria still work; deletes', async () => {
    const s = await create({
      Name: 'Two',
      Parent: t.e.ledger,
      GrantAll: true,
      Parameters: [
        { Field: t.e.customer, Condition: 'equals', Prompt: 'Customer' },
        { Field: t.e.qty, Condition: 'equals', Prompt: 'Qty' },
      ],
    });
    const [first] = s.Parameters;
    const res = await as('dbadmin', 'put', path(s.Id), {
      Name: 'Renamed',
      Parent: t.e.ledger,
      GrantAll: true,
      Parameters: [{ Id: first?.Id, Field: t.e.customer, Condition: 'contains', Prompt: 'Who' }],
    }).expect(200);
    expect((res.body as AdminSearch).Parameters).toEqual([
      { Id: first?.Id, Field: t.e.customer, Condition: 'contains', Prompt: 'Who' },
    ]);
    const seen = (await offered()).find((x) => x.Id === s.Id);
    expect(seen?.Name).toBe('Renamed');
    expect(seen?.Detail.map((d) => d.ID)).toEqual([first?.Id]);
    expect((await as('SSAdministrator', 'delete', path(s.Id)).expect(200)).body).toBe(true);
    expect((await offered()).map((x) => x.Id)).not.toContain(s.Id);
    await as('SSAdministrator', 'put', path(s.Id), { Name: 'X' }).expect(404);
  });

  it('loses the parameters of a field that is deleted, and nothing else', async () => {
    const s = await create({
      Name: 'Both',
      Parent: t.e.ledger,
      Parameters: [
        { Field: t.e.qty, Condition: 'equals', Prompt: 'Qty' },
        { Field: t.e.customer, Condition: 'contains', Prompt: 'Customer' },
      ],
    });
    await as('SSAdministrator', 'delete', `admin/databases/${t.w.alpha}/fields/${t.e.qty}?Drop=true`).expect(
      200,
    );
    const [after] = (await as('SSAdministrator', 'get', path(s.Id)).expect(200)).body as AdminSearch[];
    expect(after?.Parameters.map((p) => [p.Id, p.Field, p.Prompt])).toEqual([
      [s.Parameters[1]?.Id, t.e.customer, 'Customer'],
    ]);
    expect(after?.Archives).toEqual([t.e.ledger]);
  });

  it('answers 403 to a read-only licence and to a non-admin', async () => {
    const s = await create({ Name: 'Mine', Parent: t.e.ledger });
    const before = snapshot(t, 'searches');
    for (const [user, method, p] of [
      ['reader', 'post', path()],
      ['reader', 'put', path(s.Id)],
      ['reader', 'delete', path(s.Id)],
      ['full.user', 'get', path()],
      ['nobody', 'post', path()],
    ] as const) {
      const res = await as(user, method, p, { Name: 'S' }).expect(403);
      expect(res.body).toHaveProperty('Message');
    }
    expect(snapshot(t, 'searches')).toEqual(before);
  });
});

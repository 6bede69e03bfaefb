import { beforeEach, describe, expect, it } from 'vitest';
import type { AdminField } from '@gs/contract/admin/catalog';
import type { Search } from '@gs/contract/searches';
import { docSecureId, type EditTestApp } from '../../testing/editWorld';
import { adminCall, expectBadRequest, makeAdminApp, snapshot } from '../../testing/catalogAdminWorld';

let t: EditTestApp;
beforeEach(() => {
  t = makeAdminApp();
});
const path = (id?: number, db = t.w.alpha) =>
  `admin/databases/${db}/fields${id === undefined ? '' : `/${id}`}`;
const as = (user: string, method: Parameters<typeof adminCall>[2], p: string, body?: unknown) =>
  adminCall(t, user, method, p, body);
const columns = (): string[] =>
  (t.db.prepare(`SELECT name FROM pragma_table_info(?)`).all(`doc_${t.w.alpha}`) as { name: string }[]).map(
    (c) => c.name,
  );

describe('GET admin/databases/{db}/fields', () => {
  it('answers every field of the database as AdminField, and an array of one for an id', async () => {
    const res = await as('SSAdministrator', 'get', path()).expect(200);
    const fields = res.body as AdminField[];
    const city = fields.find((f) => f.Name === 'City');
    expect(city).toEqual({
      Id: t.e.city,
      Name: 'City',
      Type: 'character',
      Format: '',
      Regex: '',
      RegexMessage: '',
      RegSample: { Name: '', Value: '' },
      Length: 50,
      Required: false,
      MultiValue: false,
      SystemField: '',
      List: {
        Type: 'dynamic',
        ListId: expect.any(Number) as number,
        Primary: t.e.region,
        Secondary: 0,
        Mapping: [
          { ListId: expect.any(Number) as number, PrimaryValue: 'North', SecondaryValue: '' },
          { ListId: expect.any(Number) as number, PrimaryValue: 'South', SecondaryValue: '' },
        ],
      },
      ExtendedConfig: '',
    });
    expect(fields.find((f) => f.Name === 'Quantity')?.Type).toBe('numeric');
    expect(fields.find((f) => f.Name === 'Modified By')?.SystemField).toBe('lastModified');
    const one = await as('dbadmin', 'get', path(t.e.qty)).expect(200);
    expect((one.body as AdminField[]).map((f) => f.Name)).toEqual(['Quantity']);
    await as('SSAdministrator', 'get', path(99999)).expect(404);
  });

  it('refuses anyone who does not administer the database with 403', async () => {
    for (const user of ['full.user', 'nobody', 'web.user']) {
      const res = await as(user, 'get', path()).expect(403);
      expect(res.body).toHaveProperty('Message');
    }
    await as('dbadmin', 'get', path(undefined, t.w.beta)).expect(403);
    await as('SSAdministrator', 'get', path(undefined, 999)).expect(404);
  });
});

describe('POST admin/databases/{db}/fields', () => {
  it('adds the column to the document table in one step, keeping every row and value', async () => {
    const before = t.db.prepare(`SELECT * FROM doc_${t.w.alpha} ORDER BY id`).all();
    const res = await as('SSAdministrator', 'post', path(), {
      name: 'Project',
      TYPE: 'CHARACTER',
      length: 20,
    }).expect(200);
    const f = res.body as AdminField;
    expect(f).toMatchObject({
      Name: 'Project',
      Type: 'character',
      Length: 20,
      SystemField: '',
      Required: false,
    });
    expect(columns()).toContain(`f_${f.Id}`);
    const after = t.db.prepare(`SELECT * FROM doc_${t.w.alpha} ORDER BY id`).all() as Record<
      string,
      unknown
    >[];
    expect(after.map((r) => ({ ...r, [`f_${f.Id}`]: undefined }))).toEqual(
      (before as Record<string, unknown>[]).map((r) => ({ ...r, [`f_${f.Id}`]: undefined })),
    );
    expect(after.every((r) => r[`f_${f.Id}`] === null)).toBe(true);
  });

  it('adds a typed STRICT column: the file stays sound and the column refuses values of another type', async () => {
    const f = (await as('SSAdministrator', 'post', path(), { Name: 'Count', Type: 'numeric' }).expect(200))
      .body as AdminField;
    expect(t.db.pragma('integrity_check', { simple: true })).toBe('ok');
    const column = t.db
      .prepare(`SELECT type FROM pragma_table_info(?) WHERE name = ?`)
      .get(`doc_${t.w.alpha}`, `f_${f.Id}`);
    expect(column).toEqual({ type: 'INTEGER' });
    const write = t.db.prepare(`UPDATE doc_${t.w.alpha} SET f_${f.Id} = ? WHERE id = ?`);
    expect(() => write.run('many', t.e.doc1)).toThrow(/cannot store TEXT value in INTEGER column/);
    write.run(7, t.e.doc1);
    expect(t.db.prepare(`SELECT f_${f.Id} AS n FROM doc_${t.w.alpha} WHERE id = ?`).get(t.e.doc1)).toEqual({
      n: 7,
    });
  });

  it('makes a field end users can fill and search at once once an archive lists it', async () => {
    const f = (await as('SSAdministrator', 'post', path(), { Name: 'Project' }).expect(200))
      .body as AdminField;
    expect(f.Length).toBe(50);
    // the archive's field list belongs to the archive routes; here it is written as they would
    t.db
      .prepare(`INSERT INTO archive_fields(archive_id, field_id, ordinal) VALUES (?, ?, 99)`)
      .run(t.e.ledger, f.Id);
    const search = await as('SSAdministrator', 'post', `admin/databases/${t.w.alpha}/searches`, {
      Name: 'By project',
      Parent: t.e.ledger,
      GrantAll: true,
      Parameters: [{ Field: f.Id, Condition: 'equals', Prompt: 'Project' }],
    }).expect(200);
    const searchId = (search.body as { Id: number }).Id;

    const fieldsRes = await as(
      'full.user',
      'get',
      `dbs/${t.w.alpha}/archives/${t.e.ledger}?type=fields`,
    ).expect(200);
    expect(
      (fieldsRes.body as { ID: number; Name: string }[]).some((x) => x.ID === f.Id && x.Name === 'Project'),
    ).toBe(true);
    await as(
      'full.user',
      'post',
      `dbs/${t.w.alpha}/archives/${t.e.ledger}/documents/${t.e.doc2}/save?SecureId=${docSecureId(t, t.e.doc2)}`,
      { IndexData: { IndexFields: [{ ID: f.Id, VAL: 'Apollo', MVAL: [] }] } },
    ).expect(200);
    const offered = (await as('full.user', 'get', `dbs/${t.w.alpha}/searches`).expect(200)).body as Search[];
    const s = offered.find((x) => x.Id === searchId);
    if (!s) throw new Error('the new search is not offered');
    const prompt = s.Detail[0]?.ID ?? 0;
    const found = await as(
      'full.user',
      'get',
      `dbs/${t.w.alpha}/searches/${searchId}/archive/${t.e.ledger}/documents?SecureId=${s.Hash}&SearchCriteria=${encodeURIComponent(JSON.stringify({ [prompt]: 'Apollo' }))}`,
    ).expect(200);
    expect((found.body as { Docs: { Id: number }[] }).Docs.map((d) => d.Id)).toEqual([t.e.doc2]);
  });

  it('refuses bad bodies with 400 and writes nothing', async () => {
    const fields = snapshot(t, 'fields');
    const cols = columns();
    const bad: [unknown, RegExp][] = [
      [{ Name: '' }, /needs a name/],
      [{ Name: 'Quantity' }, /already exists/],
      [{ Name: 'quantity' }, /already exists/],
      [{ Name: 'X', Type: 'text' }, /not one of/],
      [{ Name: 'X', Length: 'long' }, /field is not valid/],
      [{ Name: 'X', Length: 0 }, /field is not valid/],
      [[{ Name: 'X' }], /JSON object/],
      [{ Name: 'X', Regex: '([a-z' }, /regular expression/],
      [{ Name: 'X', SystemField: 'indexedBy', Required: true }, /cannot be required/],
      [{ Name: 'X', SystemField: 'dateEntered', MultiValue: true }, /multi-value/],
      [{ Name: 'X', SystemField: 'sometimes' }, /not one of/],
      [{ Name: 'X', List: { Type: 'dropdown', ListId: 99999 } }, /List 99999 was not found/],
      [{ Name: 'X', List: { Type: 'dynamic', Primary: t.e.region, Mapping: [] } }, /needs a mapping/],
      [{ Name: 'X', List: { Type: 'dynamic', Primary: 0, Mapping: [] } }, /primary field/],
    ];
    for (const [body, detail] of bad)
      await expectBadRequest(as('SSAdministrator', 'post', path(), body), detail);
    expect(snapshot(t, 'fields')).toEqual(fields);
    expect(columns()).toEqual(cols);
  });

  it('lets a read-only system field be multi-value', async () => {
    await as('SSAdministrator', 'post', path(), {
      Name: 'Stamp',
      SystemField: 'readOnly',
      MultiValue: true,
    }).expect(200);
  });

  it('answers 403 to a read-only licence that administers the database, and to a non-admin', async () => {
    const fields = snapshot(t, 'fields');
    await as('reader', 'get', path()).expect(200);
    for (const [user, method, p] of [
      ['reader', 'post', path()],
      ['reader', 'put', path(t.e.qty)],
      ['reader', 'delete', path(t.e.qty)],
      ['full.user', 'post', path()],
      ['nobody', 'delete', path(t.e.qty)],
    ] as const) {
      const res = await as(user, method, p, { Name: 'Nope' }).expect(403);
      expect(res.body).toHaveProperty('Message');
    }
    expect(snapshot(t, 'fields')).toEqual(fields);
  });
});

describe('PUT admin/databases/{db}/fields/{id}', () => {
  it('renames a field: end users see the new name at once', async () => {
    const res = await as('dbadmin', 'put', path(t.e.qty), { name: 'Qty', type: 'numeric' }).expect(200);
    expect(res.body).toMatchObject({ Id: t.e.qty, Name: 'Qty', Type: 'numeric' });
    const fields = await as('full.user', 'get', `dbs/${t.w.alpha}/archives/${t.e.ledger}?type=fields`).expect(
      200,
    );
    expect((fields.body as { ID: number; Name: string }[]).find((f) => f.ID === t.e.qty)?.Name).toBe('Qty');
  });

  it('changes the type of an empty field by remaking its column, and refuses it for a field holding values', async () => {
    const price = (
      await as('SSAdministrator', 'put', path(t.e.price), { Name: 'Price', Type: 'date' }).expect(200)
    ).body as AdminField;
    expect(price.Type).toBe('date');
    const type = t.db
      .prepare(`SELECT type FROM pragma_table_info(?) WHERE name = ?`)
      .get(`doc_${t.w.alpha}`, `f_${t.e.price}`) as { type: string };
    expect(type.type).toBe('TEXT');
    const res = await as('SSAdministrator', 'put', path(t.e.qty), {
      Name: 'Quantity',
      Type: 'character',
    }).expect(409);
    expect(res.body).toEqual({
      Message: "Field 'Quantity' holds values: its type and multi-value setting cannot change.",
    });
    await as('SSAdministrator', 'put', path(t.e.customer), { Name: 'Customer', MultiValue: true }).expect(
      409,
    );
    const stored = t.db
      .prepare(`SELECT f_${t.e.qty} AS q FROM doc_${t.w.alpha} WHERE id = ?`)
      .get(t.e.doc1) as {
      q: number;
    };
    expect(stored.q).toBe(3);
  });

  it('resets a system field whose type changes to readOnly (admin-spec §4)', async () => {
    const res = await as('SSAdministrator', 'put', path(t.e.entered), {
      Name: 'Date Entered',
      Type: 'character',
      SystemField: 'dateEntered',
    });
    // Date Entered holds a value in doc1: the type cannot change
    expect(res.status).toBe(409);
    const made = (
      await as('SSAdministrator', 'post', path(), {
        Name: 'Entered',
        Type: 'date',
        SystemField: 'dateEntered',
      }).expect(200)
    ).body as AdminField;
    const changed = await as('SSAdministrator', 'put', path(made.Id), {
      Name: 'Entered',
      Type: 'character',
      SystemField: 'dateEntered',
    }).expect(200);
    expect(changed.body).toMatchObject({ Type: 'character', SystemField: 'readOnly' });
  });

  it('answers 404 for a field of another database, 400 for a bad body', async () => {
    await as('SSAdministrator', 'put', path(t.e.qty, t.w.beta), { Name: 'X' }).expect(404);
    await expectBadRequest(as('SSAdministrator', 'put', path(t.e.qty), { Name: 'Vendor' }), /already exists/);
  });
});

describe('DELETE admin/databases/{db}/fields/{id}', () => {
  it('asks for Drop when the field holds values, then drops only that field', async () => {
    const res = await as('SSAdministrator', 'delete', path(t.e.qty)).expect(409);
    expect(res.body).toEqual({
      Message: "Field 'Quantity' holds values; delete it with Drop=true to drop them.",
    });
    expect(columns()).toContain(`f_${t.e.qty}`);
    const docs = t.db.prepare(`SELECT count(*) AS n FROM doc_${t.w.alpha}`).get();
    await as('SSAdministrator', 'delete', `${path(t.e.qty)}?drop=TRUE`).expect(200);
    expect(columns()).not.toContain(`f_${t.e.qty}`);
    expect(t.db.prepare(`SELECT count(*) AS n FROM doc_${t.w.alpha}`).get()).toEqual(docs);
    const customer = t.db
      .prepare(`SELECT f_${t.e.customer} AS c FROM doc_${t.w.alpha} WHERE id = ?`)
      .get(t.e.doc2);
    expect(customer).toEqual({ c: 'Initech' });
    const fields = await as('full.user', 'get', `dbs/${t.w.alpha}/archives/${t.e.ledger}?type=fields`).expect(
      200,
    );
    expect((fields.body as { ID: number }[]).map((f) => f.ID)).not.toContain(t.e.qty);
    // the table still takes writes (its triggers were remade without the column)
    await as(
      'full.user',
      'post',
      `dbs/${t.w.alpha}/archives/${t.e.ledger}/documents/${t.e.doc2}/save?SecureId=${docSecureId(t, t.e.doc2)}`,
      { IndexData: { IndexFields: [{ ID: t.w.vendor, VAL: 'Zeta', MVAL: [] }] } },
    ).expect(200);
  });

  it('takes a dropped character field out of the value dictionary and its trigram index', async () => {
    const fts = `docValsFts_${t.w.alpha}`;
    const vals = () =>
      t.db
        .prepare(`SELECT count(*) AS n FROM doc_vals_${t.w.alpha} WHERE field_id = ?`)
        .get(t.e.customer) as {
        n: number;
      };
    expect(vals().n).toBe(2);
    await as('SSAdministrator', 'delete', `${path(t.e.customer)}?Drop=true`).expect(200);
    expect(vals().n).toBe(0);
    // the external-content index agrees with its table (SQLite raises an error otherwise)
    t.db.prepare(`INSERT INTO ${fts}(${fts}, rank) VALUES ('integrity-check', 1)`).run();
  });

  it('deletes an empty field without Drop, and refuses the parent of a dynamic list', async () => {
    expect((await as('SSAdministrator', 'delete', path(t.e.price)).expect(200)).body).toBe(true);
    const res = await as('SSAdministrator', 'delete', `${path(t.e.region)}?Drop=true`).expect(409);
    expect(res.body).toEqual({ Message: "Field 'Region' is the parent of the dynamic list of 'City'." });
    await as('SSAdministrator', 'delete', path(t.e.price)).expect(404);
  });
});

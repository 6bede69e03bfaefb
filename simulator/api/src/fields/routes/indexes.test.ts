import { beforeEach, describe, expect, it } from 'vitest';
import request from 'supertest';
import { FieldCheckCode } from '@gs/contract/fieldChecks';
import { call, makeEditApp, type EditTestApp } from '../../testing/editWorld';
import { addUser, grantArchive, grantDatabase } from '@gs/simulator-fixtures/builders';
import { LicenseType } from '@gs/contract/flags';
import { API, PASSWORD, TEST_PASSWORD_COST, signIn } from '../../testing/testApp';

let t: EditTestApp;
beforeEach(() => {
  t = makeEditApp();
});
const check = (body: unknown, q = `db=${t.w.alpha}&archive=${t.e.ledger}`) =>
  call(t, 'full.user', 'post', `indexes?${q}`).send(body as object);
const ok = (ID: number) => ({ ID, Valid: true, Code: 0, Message: '' });

describe('POST indexes', () => {
  it('answers one result per field sent, in order, with the code of each rule', async () => {
    const { e, w } = t;
    const res = await check([
      { ID: w.vendor, VAL: 'Acme', MVAL: [] },
      { ID: e.qty, VAL: '12a', MVAL: [] },
      { ID: e.due, VAL: '02/30/2024', MVAL: [] },
      { ID: e.code, VAL: 'ABC1234', MVAL: [] },
      { ID: 99999, VAL: 'x', MVAL: [] },
      { ID: e.customer, VAL: '', MVAL: [] },
      { ID: e.code, VAL: 'ab123', MVAL: [] },
      { ID: e.price, VAL: '10.25', MVAL: [] },
    ]).expect(200);
    expect(res.body).toEqual([
      ok(w.vendor),
      {
        ID: e.qty,
        Valid: false,
        Code: FieldCheckCode.InvalidNumber,
        Message: "'12a' is not a valid integer.",
      },
      {
        ID: e.due,
        Valid: false,
        Code: FieldCheckCode.InvalidDate,
        Message: "'02/30/2024' is not a valid date.",
      },
      {
        ID: e.code,
        Valid: false,
        Code: FieldCheckCode.LengthOverflow,
        Message: "The value is longer than the 5 characters of 'Code'.",
      },
      {
        ID: 99999,
        Valid: false,
        Code: FieldCheckCode.NotFound,
        Message: 'Field 99999 is not a field of this archive.',
      },
      { ID: e.customer, Valid: false, Code: FieldCheckCode.Required, Message: "'Customer' is required." },
      { ID: e.code, Valid: false, Code: FieldCheckCode.Custom, Message: 'Use two letters and three digits.' },
      ok(e.price),
    ]);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
  });

  it('reads any casing, a single object, an object body carrying db/archive and the token', async () => {
    const { e, w } = t;
    await check([{ id: e.qty, val: 5, mval: null }]).expect(200, [ok(e.qty)]);
    await check({ Id: e.status, Val: 'Pending' }).expect(200, [
      { ID: e.status, Valid: false, Code: -6, Message: "'Pending' is not an item of the list of 'Status'." },
    ]);
    const license = await signIn(t.app, 'full.user');
    await request(t.app)
      .post(`${API}indexes`)
      .send({
        db: w.alpha,
        Archive: e.ledger,
        Token: license.Token,
        Fields: [{ ID: e.tags, MVAL: ['a', 'b'] }],
      })
      .expect(200, [ok(e.tags)]);
    await call(t, 'full.user', 'post', `indexes?DATABASE=${w.alpha}&ARCHIVE=${e.ledger}`)
      .send([{ ID: e.qty, VAL: '1' }])
      .expect(200, [ok(e.qty)]);
  });

  it('checks a dynamic list against the parent value sent with it', async () => {
    const { e } = t;
    const res = await check([
      { ID: e.region, VAL: 'South' },
      { ID: e.city, VAL: 'Oslo' },
      { ID: e.city, VAL: 'Rome' },
    ]).expect(200);
    expect(res.body.map((r: { Code: number }) => r.Code)).toEqual([0, -6, 0]);
  });

  it('refuses system and table fields with -6', async () => {
    const { e } = t;
    const res = await check([
      { ID: e.modifiedBy, VAL: 'me' },
      { ID: e.lines, VAL: 'x' },
    ]).expect(200);
    expect(res.body).toEqual([
      {
        ID: e.modifiedBy,
        Valid: false,
        Code: -6,
        Message: "'Modified By' is a system field and cannot be changed.",
      },
      {
        ID: e.lines,
        Valid: false,
        Code: -6,
        Message: "'Lines' is a table field and cannot be changed here.",
      },
    ]);
  });

  it('bad input is a 4xx with a Message', async () => {
    const { e, w } = t;
    const missing = await check([], `archive=${e.ledger}`).expect(400);
    expect(missing.body.MessageDetail).toBe("The parameter 'db' is required.");
    const notArray = await check({ foo: 1 }).expect(400);
    expect(notArray.body.MessageDetail).toMatch(/JSON array of \{ID, VAL, MVAL\}/);
    const badId = await check([{ ID: 'abc', VAL: '' }]).expect(400);
    expect(badId.body.Message).toBe('The request is invalid.');
    await check([], `db=${w.alpha}&archive=${w.open}`).expect(404);
    await check([], `db=${w.beta}&archive=${e.ledger}`).expect(404);
    await request(t.app).post(`${API}indexes?db=${w.alpha}&archive=${e.ledger}`).send([]).expect(401);
  });
});

describe('GET indexes (dynamic lists)', () => {
  const list = (q: string) => call(t, 'full.user', 'get', `indexes/?${q}`);

  it("gives the list mapped to the parent's value, the field's own list without one, [] for an unmapped value", async () => {
    const { e, w } = t;
    await list(`database=${w.alpha}&Field=${e.city}&Filter1=North&Filter2=`).expect(200, ['Oslo', 'Bergen']);
    await list(`Database=${w.alpha}&field=${e.city}&filter1=south`).expect(200, ['Rome', 'Naples']);
    await list(`database=${w.alpha}&Field=${e.city}&Filter1=South&Filter2=Other`).expect(200, [
      'Rome',
      'Naples',
    ]);
    await list(`database=${w.alpha}&Field=${e.city}&Filter1=`).expect(200, [
      'Oslo',
      'Bergen',
      'Rome',
      'Naples',
    ]);
    await list(`database=${w.alpha}&Field=${e.city}&Filter1=West`).expect(200, []);
    await call(t, 'full.user', 'get', `indexes?database=${w.alpha}&Field=${e.city}&Filter1=North`).expect(
      200,
      ['Oslo', 'Bergen'],
    );
  });

  it('gives a drop-down field its list and a field without a list []', async () => {
    const { e, w } = t;
    await list(`database=${w.alpha}&Field=${e.status}`).expect(200, ['Open', 'Closed']);
    await list(`database=${w.alpha}&Field=${w.vendor}`).expect(200, []);
  });

  it('unknown field is a 404, missing parameters a 400, each with a Message', async () => {
    const { w } = t;
    const res = await list(`database=${w.alpha}&Field=99999`).expect(404);
    expect(res.body).toEqual({ Message: `Field 99999 was not found in database ${w.alpha}.` });
    await list(`database=${w.beta}&Field=${t.e.city}`).expect(404);
    const missing = await list(`database=${w.alpha}`).expect(400);
    expect(missing.body.MessageDetail).toBe("The parameter 'Field' is required.");
  });

  it('answers the 404 of an unknown field for a field of an archive the caller cannot view', async () => {
    const u = makeEditApp((db, w) => {
      const outsider = addUser(db, {
        name: 'outsider',
        password: PASSWORD,
        passwordCost: TEST_PASSWORD_COST,
        licenseType: LicenseType.Full,
      });
      grantDatabase(db, w.alpha, outsider);
      // Contracts (View) does not use the City field; only Ledger does
      grantArchive(db, w.contracts, outsider, 1);
    });
    const asOutsider = (q: string) => call(u, 'outsider', 'get', `indexes/?${q}`);
    const res = await asOutsider(`database=${u.w.alpha}&Field=${u.e.city}&Filter1=North`).expect(404);
    expect(res.body).toEqual({ Message: `Field ${u.e.city} was not found in database ${u.w.alpha}.` });
    await asOutsider(`database=${u.w.alpha}&Field=${u.e.status}`).expect(404);
    // naming an archive: it must be one the caller sees, and hold the field
    await asOutsider(`database=${u.w.alpha}&Field=${u.e.city}&Archive=${u.e.ledger}`).expect(404);
    await asOutsider(`database=${u.w.alpha}&Field=${u.e.city}&Archive=${u.w.contracts}`).expect(404);
    await asOutsider(`database=${u.w.alpha}&Field=${u.w.vendor}&Archive=${u.w.contracts}`).expect(200, []);
    // whoever views Ledger still gets the items
    await call(u, 'reader', 'get', `indexes/?database=${u.w.alpha}&Field=${u.e.city}&Filter1=North`).expect(
      200,
      ['Oslo', 'Bergen'],
    );
    await call(
      u,
      'full.user',
      'get',
      `indexes/?database=${u.w.alpha}&Field=${u.e.city}&Archive=${u.e.ledger}&Filter1=South`,
    ).expect(200, ['Rome', 'Naples']);
  });
});

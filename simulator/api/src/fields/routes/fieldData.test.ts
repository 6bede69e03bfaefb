import { beforeEach, describe, expect, it, vi } from 'vitest';
import request from 'supertest';
import { createAuditRepo } from '../../documents/repos/auditRepo';
import { createDocumentFieldsRepo } from '../repos/documentFieldsRepo';
import { call, docSecureId, makeEditApp, type EditTestApp } from '../../testing/editWorld';
import { API, signIn } from '../../testing/testApp';

let t: EditTestApp;
beforeEach(() => {
  t = makeEditApp();
});

const fieldDataPath = (doc = t.e.doc1, archive = t.e.ledger, db = t.w.alpha) =>
  `UpdateDocument/databases/${db}/archive/${archive}/document/${doc}/FieldData`;
const savePath = (doc = t.e.doc1, archive = t.e.ledger, db = t.w.alpha) =>
  `dbs/${db}/archives/${archive}/documents/${doc}/save`;
const putFields = (body: unknown, user = 'full.user', doc = t.e.doc1) =>
  call(t, user, 'put', `${fieldDataPath(doc)}?secureId=${docSecureId(t, doc)}`).send(body as object);

const stored = (doc = t.e.doc1) => {
  const found = createDocumentFieldsRepo(t.db).read(t.w.alpha, t.e.ledger, doc);
  if (!found) throw new Error('document not found');
  return found;
};
const modifiedAt = (doc = t.e.doc1): number =>
  (t.db.prepare(`SELECT modified_at AS m FROM doc_${t.w.alpha} WHERE id = ?`).get(doc) as { m: number }).m;
const history = (doc = t.e.doc1) => createAuditRepo(t.db).ofDocument(t.w.alpha, doc);

describe('PUT UpdateDocument/.../FieldData', () => {
  it('writes typed values, Last Modified By, modified_at and one audit entry per changed field', async () => {
    const { e, w } = t;
    const license = await signIn(t.app, 'full.user');
    const res = await request(t.app)
      .put(`${API}${fieldDataPath()}`)
      .set('Auth-Token', license.Token)
      .set('SecureId', docSecureId(t, e.doc1))
      .send([
        { ID: w.vendor, VAL: 'Acme Corp', MVAL: [] },
        { ID: e.qty, VAL: '9223372036854775807', MVAL: [] },
        { ID: e.price, VAL: '12.50', MVAL: [] },
        { ID: e.due, VAL: '1/2/2025', MVAL: [] },
        { ID: e.tags, VAL: '', MVAL: ['x', 'y', 'z'] },
        { ID: e.city, VAL: 'bergen', MVAL: [] },
        { ID: e.customer, VAL: 'Globex', MVAL: [] },
      ])
      .expect(200);
    const doc = stored();
    expect(doc.values.get(w.vendor)).toBe('Acme Corp');
    expect(doc.values.get(e.qty)).toBe(9223372036854775807n);
    expect(doc.values.get(e.price)).toBe(12.5);
    expect(doc.values.get(e.due)).toBe('2025-01-02');
    expect(doc.values.get(e.city)).toBe('Bergen');
    expect(doc.values.get(e.modifiedBy)).toBe('full.user');
    expect(doc.multi.get(e.tags)).toEqual(['x', 'y', 'z']);
    expect(modifiedAt()).toBe(t.clock.now());

    const value = (id: number) =>
      (res.body as { ID: number; VAL: string; MVAL: string[] }[]).find((f) => f.ID === id);
    expect(value(e.qty)).toEqual({ ID: e.qty, VAL: '9223372036854775807', MVAL: [] });
    expect(value(e.due)).toEqual({ ID: e.due, VAL: '01/02/2025', MVAL: [] });
    expect(value(e.tags)).toEqual({ ID: e.tags, VAL: 'x', MVAL: ['x', 'y', 'z'] });
    expect(value(e.modifiedBy)?.VAL).toBe('full.user');
    expect(value(e.entered)?.VAL).toBe('01/02/2025 03:04:05');
    expect(res.body).toHaveLength(13);

    const entries = history();
    expect(entries.map((a) => [a.category, a.userName, a.time])).toEqual(
      Array(6).fill(['updated', 'full.user', t.clock.now()]),
    );
    expect(entries.map((a) => a.message)).toEqual([
      "Field 'Vendor' changed from 'Acme' to 'Acme Corp'",
      "Field 'Quantity' changed from '3' to '9223372036854775807'",
      "Field 'Price' changed from '' to '12.5'",
      "Field 'Due Date' changed from '' to '01/02/2025'",
      "Field 'Tags' changed from 'red, blue' to 'x, y, z'",
      "Field 'City' changed from 'Oslo' to 'Bergen'",
    ]);
  });

  it('clears a value to NULL; an unchanged save writes nothing and audits nothing', async () => {
    const { e, w } = t;
    await putFields([
      { ID: w.vendor, VAL: '' },
      { ID: e.tags, MVAL: [] },
    ]).expect(200);
    expect(stored().values.get(w.vendor)).toBeNull();
    expect(stored().multi.get(e.tags)).toBeUndefined();
    expect(history()).toHaveLength(2);
    t.clock.advance(60_000);
    await putFields([
      { ID: w.vendor, VAL: '' },
      { ID: e.qty, VAL: '003' },
    ]).expect(200);
    expect(history()).toHaveLength(2);
    expect(modifiedAt()).toBe(t.clock.now() - 60_000);
  });

  it('checks a dynamic list against the stored parent value, or the one sent with it', async () => {
    const { e } = t;
    const refused = await putFields([{ ID: e.city, VAL: 'Rome' }]).expect(400);
    expect(refused.body.Message).toBe(
      `Field 'City' (ID ${e.city}) is invalid (code -6): 'Rome' is not an item of the list of 'City'.`,
    );
    await putFields([
      { ID: e.region, VAL: 'South' },
      { ID: e.city, VAL: 'Rome' },
    ]).expect(200);
    expect(stored().values.get(e.city)).toBe('Rome');
  });

  it('validates every field first: one invalid field refuses the save and nothing is written', async () => {
    const { e, w } = t;
    const before = stored();
    const res = await putFields([
      { ID: w.vendor, VAL: 'Changed' },
      { ID: e.due, VAL: '13/45/2020' },
      { ID: e.customer, VAL: '' },
    ]).expect(400);
    expect(res.body).toEqual({
      Message: `Field 'Due Date' (ID ${e.due}) is invalid (code -2): '13/45/2020' is not a valid date.`,
      Fields: [
        { ID: e.due, Valid: false, Code: -2, Message: "'13/45/2020' is not a valid date." },
        { ID: e.customer, Valid: false, Code: -5, Message: "'Customer' is required." },
      ],
    });
    expect(stored()).toEqual(before);
    expect(history()).toEqual([]);
    expect(modifiedAt()).toBe(0);
  });

  it('refuses a decimal that is not one whole number or has more digits than it keeps (decision 049)', async () => {
    const before = stored();
    for (const VAL of [
      '12abc',
      '1.2.3',
      '1,234.50',
      '$4,385.32',
      '99999999999999999999999',
      '1234567890.123456',
    ]) {
      const res = await putFields([{ ID: t.e.price, VAL }]).expect(400);
      expect(res.body.Fields, VAL).toEqual([
        { ID: t.e.price, Valid: false, Code: -1, Message: `'${VAL}' is not a valid decimal.` },
      ]);
    }
    expect(stored()).toEqual(before);
    await putFields([{ ID: t.e.price, VAL: '123456789012345' }]).expect(200);
    await putFields([{ ID: t.e.price, VAL: '4385.32' }]).expect(200);
    expect(stored().values.get(t.e.price)).toBe(4385.32);
  });

  it('rolls the field update back when a later step of the same save fails', async () => {
    const { w } = t;
    t.db.exec(
      `CREATE TRIGGER audit_fails BEFORE INSERT ON audit BEGIN SELECT RAISE(ABORT, 'disk full'); END`,
    );
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const res = await putFields([{ ID: w.vendor, VAL: 'Never saved' }]).expect(500);
    expect(res.body).toEqual({ Message: 'An error has occurred.' });
    expect(stored().values.get(w.vendor)).toBe('Acme');
    expect(stored().values.get(t.e.modifiedBy)).toBe('seed');
    expect(modifiedAt()).toBe(0);
    vi.restoreAllMocks();
  });

  it('ignores a system field sent back unchanged and refuses a change to it', async () => {
    const { e, w } = t;
    await putFields([
      { ID: e.modifiedBy, VAL: 'seed' },
      { ID: e.entered, VAL: '01/02/2025 03:04:05' },
      { ID: w.vendor, VAL: 'Beta' },
    ]).expect(200);
    expect(stored().values.get(e.modifiedBy)).toBe('full.user');
    const res = await putFields([{ ID: e.modifiedBy, VAL: 'someone else' }]).expect(400);
    expect(res.body.Message).toBe(
      `Field 'Modified By' (ID ${e.modifiedBy}) is invalid (code -6): 'Modified By' is a system field and cannot be changed.`,
    );
    const notInArchive = await putFields([{ ID: 99999, VAL: 'x' }]).expect(400);
    expect(notInArchive.body.Message).toBe(
      'Field 99999 is invalid (code -4): Field 99999 is not a field of this archive.',
    );
  });

  it('needs Modify Data (1024) and a licence that is not read-only', async () => {
    const { w } = t;
    const body = [{ ID: w.vendor, VAL: 'X' }];
    const noRight = await putFields(body, 'grouped').expect(403);
    expect(noRight.body).toEqual({
      Message: "You do not have permission to modify data in archive 'Ledger'.",
    });
    const readOnly = await putFields(body, 'reader').expect(403);
    expect(readOnly.body).toEqual({ Message: 'A read-only license cannot modify documents.' });
    await putFields(body, 'web.user').expect(200);
    expect(stored().values.get(w.vendor)).toBe('X');
    expect(history().map((a) => a.userName)).toEqual(['web.user']);
  });

  it('a missing or wrong SecureId is a 403; an unknown document, archive or database a 404', async () => {
    const { e, w } = t;
    const body = [{ ID: w.vendor, VAL: 'X' }];
    const wrong = await call(t, 'full.user', 'put', `${fieldDataPath()}?secureId=nope`)
      .send(body)
      .expect(403);
    expect(wrong.body).toEqual({ Message: `The SecureId is missing or does not match document ${e.doc1}.` });
    await call(t, 'full.user', 'put', fieldDataPath()).send(body).expect(403);
    await call(t, 'full.user', 'put', `${fieldDataPath()}?SecureId=${docSecureId(t, e.doc2)}`)
      .send(body)
      .expect(403);
    const unknown = await call(t, 'full.user', 'put', `${fieldDataPath(424242)}?secureId=x`)
      .send(body)
      .expect(404);
    expect(unknown.body).toEqual({ Message: `Document 424242 was not found in archive ${e.ledger}.` });
    await call(
      t,
      'full.user',
      'put',
      `${fieldDataPath(e.invoiceDoc)}?secureId=${docSecureId(t, e.invoiceDoc)}`,
    )
      .send(body)
      .expect(404);
    await call(t, 'full.user', 'put', `${fieldDataPath(e.doc1, 777)}?secureId=x`)
      .send(body)
      .expect(404);
    await call(t, 'full.user', 'put', `${fieldDataPath(e.doc1, e.ledger, 99)}?secureId=x`)
      .send(body)
      .expect(404);
    expect(history()).toEqual([]);
  });

  it('a malformed body is a 400 with a Message', async () => {
    const notArray = await putFields({ ID: 1, VAL: 'x' }).expect(400);
    expect(notArray.body.Message).toBe('The request is invalid.');
    expect(notArray.body.MessageDetail).toMatch(/must be a JSON array of \{ID, VAL, MVAL\}/);
    await putFields([{ VAL: 'no id' }]).expect(400);
    await call(t, 'full.user', 'put', `${fieldDataPath()}?secureId=${docSecureId(t, t.e.doc1)}`)
      .set('Content-Type', 'application/json')
      .send('[{"ID": 1,')
      .expect(400);
    const empty = await call(
      t,
      'full.user',
      'put',
      `${fieldDataPath()}?secureId=${docSecureId(t, t.e.doc1)}`,
    ).expect(400);
    expect(empty.body.MessageDetail).toMatch(/missing/);
  });
});

describe('POST dbs/{db}/archives/{a}/documents/{id}/save', () => {
  it("saves HL's {IndexData:{IndexFields:[{Id, Val, Mval}]}} with the SecureId in any casing", async () => {
    const { e, w } = t;
    const res = await call(t, 'full.user', 'post', `${savePath()}?secureid=${docSecureId(t, e.doc1)}`)
      .send({
        IndexData: {
          IndexFields: [
            { Id: w.vendor, Val: 'Saved', Mval: [] },
            { Id: e.status, Val: 'closed' },
          ],
        },
      })
      .expect(200);
    expect(res.body).toContainEqual({ ID: e.status, VAL: 'Closed', MVAL: [] });
    expect(stored().values.get(w.vendor)).toBe('Saved');
    expect(history().map((a) => a.message)).toEqual([
      "Field 'Vendor' changed from 'Acme' to 'Saved'",
      "Field 'Status' changed from '' to 'Closed'",
    ]);
  });

  it('refuses an invalid field, a wrong body, a missing right and a wrong SecureId like FieldData', async () => {
    const { e } = t;
    const url = `${savePath()}?SecureId=${docSecureId(t, e.doc1)}`;
    const invalid = await call(t, 'full.user', 'post', url)
      .send({ IndexData: { IndexFields: [{ ID: e.qty, VAL: '1.5' }] } })
      .expect(400);
    expect(invalid.body.Message).toBe(
      `Field 'Quantity' (ID ${e.qty}) is invalid (code -1): '1.5' is not a valid integer.`,
    );
    const wrongShape = await call(t, 'full.user', 'post', url)
      .send([{ ID: e.qty, VAL: '1' }])
      .expect(400);
    expect(wrongShape.body.MessageDetail).toMatch(/IndexData/);
    await call(t, 'grouped', 'post', url)
      .send({ IndexData: { IndexFields: [] } })
      .expect(403);
    await call(t, 'reader', 'post', url)
      .send({ IndexData: { IndexFields: [] } })
      .expect(403);
    await call(t, 'full.user', 'post', `${savePath()}?SecureId=bad`)
      .send({ IndexData: { IndexFields: [] } })
      .expect(403);
    await call(t, 'full.user', 'post', `${savePath(5555)}?SecureId=bad`)
      .send({ IndexData: { IndexFields: [] } })
      .expect(404);
    expect(stored().values.get(e.qty)).toBe(3n);
    expect(history()).toEqual([]);
  });
});

// POST dbs/{db}/archives/{a}: import cache or inbox files as new documents (contract/upload.ts).
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { PDFDocument } from 'pdf-lib';
import request from 'supertest';
import { afterEach, describe, expect, it } from 'vitest';
import { addArchive, addField, grantArchive } from '@gs/simulator-fixtures/builders';
import { ALL_ARCHIVE_PERMISSIONS, FieldProp, FieldType } from '@gs/contract/flags';
import type { ImportErrorBody } from '@gs/contract/upload';
import type { Db } from '../../db/connection';
import { docTable, mvTable } from '../repos/docTables';
import { secureId } from '../../security/repos/secureIds';
import { API, basic, signIn, type World } from '../../testing/testApp';
import { makeInboxApp, putInCache, userCache } from '../../testing/inboxWorld';

function seedIntake(db: Db, w: World) {
  const f = (name: string, type: 1 | 2 | 3 | 4, prop = 0) => addField(db, w.alpha, { name, type, prop });
  const customer = f('Customer', FieldType.Character, FieldProp.Required);
  const qty = f('Qty', FieldType.Integer);
  const entered = f('Date Entered', FieldType.Date, FieldProp.DateEntered);
  const by = f('Indexed By', FieldType.Character, FieldProp.IndexedBy);
  const pages = f('Page Count', FieldType.Integer, FieldProp.PageCount);
  const type = f('File Type', FieldType.Character, FieldProp.FileType);
  const tags = f('Tags', FieldType.Character, FieldProp.MultiValue);
  const intake = addArchive(db, w.alpha, {
    name: 'Intake',
    fieldIds: [customer, qty, entered, by, pages, type, tags],
  });
  grantArchive(db, intake, w.full, ALL_ARCHIVE_PERMISSIONS);
  grantArchive(db, intake, w.web, 1);
  grantArchive(db, intake, w.reader, 1 | 2);
  return { intake, customer, qty, entered, by, pages, type, tags };
}

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});
function world() {
  const t = makeInboxApp(seedIntake);
  dirs.push(t.i.dataDir);
  const post = (user: string, archive = t.x.intake, q = '') =>
    request(t.app).post(`${API}dbs/${t.w.alpha}/archives/${archive}${q}`).set('Authorization', basic(user));
  return { ...t, post };
}

async function pdf(pages: number): Promise<Buffer> {
  const doc = await PDFDocument.create();
  for (let p = 0; p < pages; p++) doc.addPage([200, 200]);
  return Buffer.from(await doc.save());
}

type Row = Record<string, unknown>;
const rowOf = (db: Db, alpha: number, id: number): Row =>
  db.prepare(`SELECT * FROM ${docTable(alpha)} WHERE id = ?`).get(id) as Row;

describe('import into an archive', () => {
  it('makes one document per file with the values, system fields, history and Doc-Hashes', async () => {
    const { post, i, x, w, db, secret, clock, app } = world();
    putInCache(i.dataDir, w.full, 'a.pdf', await pdf(2));
    putInCache(i.dataDir, w.full, 'b.pdf', await pdf(1));
    const { Token } = await signIn(app, 'full.user');
    const res = await post('full.user', x.intake, `?Token=${Token}`)
      .send({
        Fields: [
          { Name: String(x.customer), Value: 'ACME' },
          { name: x.qty, value: '7' },
        ],
        files: [{ name: 'a.pdf' }, { Name: 'b.pdf' }],
      })
      .expect(200);
    const ids = res.body as number[];
    expect(ids).toHaveLength(2);
    const [a, b] = ids as [number, number];
    expect(res.headers['doc-hashes']).toBe(
      `${a},${secureId(secret, 'doc', w.alpha, a)};${b},${secureId(secret, 'doc', w.alpha, b)}`,
    );
    const row = rowOf(db, w.alpha, a);
    expect(row).toMatchObject({
      archive_id: x.intake,
      file_type: '.pdf',
      page_count: 2,
      created_at: clock.now(),
    });
    expect(row[`f_${x.customer}`]).toBe('ACME');
    expect(row[`f_${x.qty}`]).toBe(7);
    expect(row[`f_${x.by}`]).toBe('full.user');
    expect(row[`f_${x.pages}`]).toBe(2);
    expect(row[`f_${x.type}`]).toBe('.pdf');
    expect(String(row[`f_${x.entered}`])).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(rowOf(db, w.alpha, b)).toMatchObject({ page_count: 1, [`f_${x.customer}`]: 'ACME' });
    const stored = join(i.dataDir, 'files', String(row.file_path));
    expect(String(row.file_path)).toMatch(new RegExp(`^${w.alpha}/${x.intake}/.+\\.pdf$`));
    expect(readFileSync(stored).subarray(0, 5).toString()).toBe('%PDF-');
    expect(readdirSync(userCache(i.dataDir, w.full))).toEqual([]);
    const audit = db
      .prepare(`SELECT category, user_name AS u FROM audit WHERE document_id IN (?, ?)`)
      .all(a, b);
    expect(audit).toEqual([
      { category: 'indexed', u: 'full.user' },
      { category: 'indexed', u: 'full.user' },
    ]);
  });

  it('takes a field named more than once as the values of a multi-value field', async () => {
    const { post, i, x, w, db } = world();
    putInCache(i.dataDir, w.full, 'a.pdf', await pdf(1));
    const res = await post('full.user')
      .send({
        fields: [
          { name: String(x.customer), value: 'ACME' },
          { name: String(x.tags), value: 'urgent' },
          { name: String(x.tags), value: 'freight' },
        ],
        files: [{ name: 'a.pdf' }],
      })
      .expect(200);
    const [id] = res.body as number[];
    const values = db
      .prepare(`SELECT value FROM ${mvTable(w.alpha)} WHERE doc_id = ? AND field_id = ? ORDER BY ordinal`)
      .all(id, x.tags);
    expect(values).toEqual([{ value: 'urgent' }, { value: 'freight' }]);
  });

  it('imports an inbox file with useViewerCache and takes it out of the inbox', async () => {
    const { post, i, x, w, db } = world();
    const res = await post('full.user', x.intake, `?useViewerCache=true&InboxId=${i.scans}`)
      .send({ fields: [{ name: String(x.customer), value: 'Inbox Co' }], files: [{ name: 'alpha.pdf' }] })
      .expect(200);
    const [id] = res.body as number[];
    expect(rowOf(db, w.alpha, id ?? 0)).toMatchObject({ [`f_${x.customer}`]: 'Inbox Co', file_type: '.pdf' });
    expect(existsSync(join(i.dataDir, 'inboxes', 'scans', 'alpha.pdf'))).toBe(false);
    await post('full.user', x.intake, `?useViewerCache=true&InboxId=${i.mail}`)
      .send({ fields: [{ name: String(x.customer), value: 'X' }], files: [{ name: 'letter.txt' }] })
      .expect(403);
  });

  const refusal = (res: request.Response): ImportErrorBody => res.body as ImportErrorBody;

  it('refuses a missing required field, a wrong data type, a missing file', async () => {
    const { post, i, x, db, w } = world();
    putInCache(i.dataDir, w.full, 'a.pdf', await pdf(1));
    const required = await post('full.user')
      .send({ fields: [], files: [{ name: 'a.pdf' }] })
      .expect(400);
    expect(refusal(required)).toMatchObject({
      Code: 'RequiredField',
      Message: expect.stringMatching(/^RequiredField: /),
    });
    const typed = await post('full.user')
      .send({
        fields: [
          { name: String(x.customer), value: 'A' },
          { name: String(x.qty), value: 'many' },
        ],
        files: [{ name: 'a.pdf' }],
      })
      .expect(400);
    expect(refusal(typed).Code).toBe('DataTypeMismatch');
    await post('full.user')
      .send({ fields: [{ name: String(x.customer), value: 'A' }], files: [{ name: 'zz.pdf' }] })
      .expect(404);
    await post('full.user')
      .send({ fields: [{ name: String(x.customer), value: 'A' }], files: [{ name: '../a.pdf' }] })
      .expect(400);
    await post('full.user').send({ fields: [] }).expect(400);
    expect(
      db.prepare(`SELECT COUNT(*) AS n FROM ${docTable(w.alpha)} WHERE archive_id = ?`).get(x.intake),
    ).toEqual({ n: 0 });
    expect(readdirSync(userCache(i.dataDir, w.full))).toEqual(['a.pdf']);
  });

  it('refuses without Add and with a read-only licence (Permissions)', async () => {
    const { post, i, x, w } = world();
    putInCache(i.dataDir, w.full, 'a.pdf', await pdf(1));
    const body = { fields: [{ name: String(x.customer), value: 'A' }], files: [{ name: 'a.pdf' }] };
    expect(refusal(await post('web.user').send(body).expect(403)).Code).toBe('Permissions');
    expect(refusal(await post('reader').send(body).expect(403)).Code).toBe('Permissions');
    await post('nobody').send(body).expect(404);
    await post('full.user', w.contracts)
      .send({ fields: [], files: [{ name: 'a.pdf' }] })
      .expect(403);
  });

  it('leaves the audit LogEntry post with documentID to the audit router', async () => {
    const { post } = world();
    const res = await post('full.user', undefined, '?documentID=999999').send({ Message: 'x' });
    expect(res.status).not.toBe(200);
    expect((res.body as { Code?: string }).Code).toBeUndefined();
  });
});

// `[SQL]` lists read only their own database (decision 044): an administrator of Alpha cannot read
// Beta's documents and text, the audit, the mail server's password, data-exchange connection
// strings or the schema through a list query, however the query names them; a query that runs
// too long is stopped with a 400 while the server keeps answering; legitimate queries still work.
import request from 'supertest';
import { beforeEach, describe, expect, it } from 'vitest';
import { addList } from '@gs/simulator-fixtures/builders';
import type { AdminList } from '@gs/contract/admin/catalog';
import { FieldProp } from '@gs/contract/flags';
import { docSecureId, type EditTestApp } from '../../testing/editWorld';
import { adminCall, expectBadRequest, makeAdminApp } from '../../testing/catalogAdminWorld';
import { createListQueryPool, type ListQueryPool } from '../services/listQueryPool';

const SECRETS = [
  'BETA-DOC-PATH',
  'BETA-FULL-TEXT',
  'AUDIT-SECRET',
  'SMTP-PASSWORD',
  'DXC-CONNECTION',
  'BETA-ITEM',
];

function plantSecrets(t: EditTestApp): void {
  const { db, w } = t;
  db.prepare(
    `INSERT INTO doc_${w.beta}(archive_id, file_path, created_at, modified_at) VALUES (?, 'BETA-DOC-PATH', 0, 0)`,
  ).run(w.orders);
  db.prepare(`INSERT INTO doc_text_${w.beta}(doc_id, body) VALUES (1, 'BETA-FULL-TEXT')`).run();
  db.prepare(
    `INSERT INTO audit(database_id, archive_id, document_id, user_name, category, message, time)
     VALUES (?, ?, 1, 'x', 'viewed', 'AUDIT-SECRET', 0)`,
  ).run(w.beta, w.orders);
  db.prepare(`INSERT OR REPLACE INTO mail_servers(database_id, password) VALUES (0, 'SMTP-PASSWORD')`).run();
  db.prepare(
    `INSERT INTO dxc_sources(archive_id, name, connection_string) VALUES (?, 'erp', 'DXC-CONNECTION')`,
  ).run(w.orders);
  addList(db, w.beta, 'Beta only', ['BETA-ITEM']);
}

let t: EditTestApp;
beforeEach(() => {
  t = makeAdminApp();
  plantSecrets(t);
});

const preview = (sql: string, user = 'dbadmin', db = t.w.alpha) =>
  adminCall(t, user, 'put', `admin/databases/${db}/lists`, { Name: 'Try', AssemblyPath: `[SQL]${sql}` });

describe('a [SQL] list query reads only its own database', () => {
  it("refuses other databases' documents, the audit, secrets and the schema, however they are named", async () => {
    const b = t.w.beta;
    const hostile = [
      `SELECT file_path FROM doc_${b}`,
      `SELECT body FROM doc_text_${b}`,
      `SELECT value FROM doc_mv_${b}`,
      `SELECT message FROM audit`,
      `SELECT password FROM mail_servers`,
      `SELECT connection_string FROM dxc_sources`,
      `SELECT mapped_field FROM dxc_mappings`,
      `SELECT name FROM sqlite_schema`,
      `SELECT sql FROM sqlite_master`,
      `SELECT name FROM sqlite_temp_schema`,
      `SELECT name FROM pragma_table_info('mail_servers')`,
      `SELECT name FROM pragma_database_list`,
      `SELECT value FROM json_each('[1]')`,
      // aliases, schema names, CTEs, subqueries, joins and unions reach nothing more
      `SELECT m.password FROM main.mail_servers AS m`,
      `WITH s AS (SELECT password AS p FROM mail_servers) SELECT p FROM s`,
      `WITH RECURSIVE r(x) AS (SELECT password FROM mail_servers UNION SELECT x FROM r) SELECT x FROM r`,
      `SELECT (SELECT password FROM mail_servers)`,
      `SELECT name FROM archives WHERE EXISTS (SELECT 1 FROM audit)`,
      `SELECT name FROM lists UNION ALL SELECT body FROM doc_text_${b}`,
      `SELECT value FROM main.list_items`,
      `SELECT name FROM main.archives`,
      `SELECT password_hash FROM users`,
    ];
    for (const sql of hostile) {
      const res = await preview(sql);
      expect(res.status, sql).toBe(400);
      expect(res.body, sql).toHaveProperty('Message');
      expect((res.body as { MessageDetail: string }).MessageDetail, sql).toMatch(/may not read the table/);
      for (const secret of SECRETS) expect(JSON.stringify(res.body), sql).not.toContain(secret);
    }
  });

  it('refuses statements that are not one read-only SELECT, and functions that load code', async () => {
    for (const [sql, detail] of [
      [`ATTACH ':memory:' AS x`, /read-only SELECT/],
      [`PRAGMA table_info(mail_servers)`, /read-only SELECT/],
      [`SELECT 1; SELECT password FROM mail_servers`, /not valid/],
      [`SELECT load_extension('/tmp/x')`, /failed/],
      [`INSERT INTO lists(database_id, name) VALUES (1, 'x') RETURNING name`, /read-only SELECT/],
      // a huge value is refused in the list-query process, before it reaches the API
      [`SELECT hex(zeroblob(5000))`, /at most 4000/],
    ] as const)
      await expectBadRequest(preview(sql), detail);
  });

  it("sees the database's own catalogue rows only, under the usual names", async () => {
    const res = await preview(`SELECT name FROM archives WHERE database_id = ${t.w.beta}`).expect(200);
    expect((res.body as AdminList).Values).toEqual([]);
    const lists = await preview(`SELECT name FROM lists ORDER BY name`).expect(200);
    expect((lists.body as AdminList).Values).not.toContain('Beta only');
    const items = await preview(`SELECT value FROM list_items`).expect(200);
    expect((items.body as AdminList).Values).not.toContain('BETA-ITEM');
  });

  it("reads the database's documents, fields, lists and mappings, with CTEs, joins and parameters", async () => {
    const { alpha } = t.w;
    const { status, region, ledger } = t.e;
    const values = async (sql: string, parameters = '') =>
      (
        (
          await adminCall(t, 'dbadmin', 'put', `admin/databases/${alpha}/lists`, {
            Name: 'Try',
            AssemblyPath: `[SQL]${sql}`,
            AssemblyParameters: parameters,
          }).expect(200)
        ).body as AdminList
      ).Values;
    t.db.prepare(`UPDATE doc_${alpha} SET f_${status} = 'Open' WHERE archive_id = ?`).run(ledger);
    expect(
      await values(`SELECT DISTINCT f_${status} FROM doc_${alpha} WHERE f_${status} IS NOT NULL`),
    ).toEqual(['Open']);
    expect(
      await values(`SELECT DISTINCT f_${status} FROM documents WHERE archive_id = :a`, `{"a":${ledger}}`),
    ).toEqual(['Open']);
    expect(
      await values(
        `SELECT i.value FROM list_items i JOIN lists l ON l.id = i.list_id WHERE l.name = @name ORDER BY i.ordinal`,
        '{"name":"Regions"}',
      ),
    ).toEqual(['North', 'South']);
    expect(await values(`SELECT name FROM fields WHERE id = ${region}`)).toEqual(['Region']);
    expect(await values(`SELECT primary_value FROM field_list_mappings ORDER BY 1`)).toEqual([
      'North',
      'South',
    ]);
    expect(
      await values(
        `WITH RECURSIVE n(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM n WHERE x < 3) SELECT x FROM n`,
      ),
    ).toEqual(['1', '2', '3']);
    expect(await values(`VALUES ('a'), ('b')`)).toEqual(['a', 'b']);
    expect(await values(`-- the regions\nSELECT value FROM list_items WHERE value LIKE 'Nor%';`)).toEqual([
      'North',
    ]);
  });

  it('hands nothing to the users of a list saved with such a query (stored before, or imported)', async () => {
    const id = Number(
      t.db
        .prepare(
          `INSERT INTO lists(database_id, name, assembly_path) VALUES (?, 'Leak', '[SQL]SELECT password FROM mail_servers')`,
        )
        .run(t.w.alpha).lastInsertRowid,
    );
    const res = await adminCall(t, 'full.user', 'get', `dbs/${t.w.alpha}/lists/${id}`);
    expect(res.status).toBe(400);
    expect(res.body).toHaveProperty('Message');
    expect(JSON.stringify(res.body)).not.toContain('SMTP-PASSWORD');
  });
});

describe('a value checked against a [SQL] list whose query fails', () => {
  it('is refused with 400 and the reason, not as "not an item of the list"', async () => {
    const { db, w, e } = t;
    const id = Number(
      db
        .prepare(`INSERT INTO lists(database_id, name, assembly_path) VALUES (?, 'Broken', ?)`)
        .run(w.alpha, '[SQL]SELECT name FROM no_such_table').lastInsertRowid,
    );
    db.prepare(`UPDATE fields SET list_id = ?, prop = ? WHERE id = ?`).run(
      id,
      FieldProp.DropdownList,
      e.status,
    );
    const save = await adminCall(
      t,
      'full.user',
      'post',
      `dbs/${w.alpha}/archives/${e.ledger}/documents/${e.doc2}/save?SecureId=${docSecureId(t, e.doc2)}`,
      { IndexData: { IndexFields: [{ ID: e.status, VAL: 'Open', MVAL: [] }] } },
    );
    expect(save.status).toBe(400);
    const text = JSON.stringify(save.body);
    expect(text).toContain("'Open' could not be checked against the list of 'Status'");
    expect(text).toMatch(/no_such_table|\[SQL\] list/);
    expect(text).not.toContain('is not an item');
  });
});

const UNBOUNDED = `WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c) SELECT count(*) FROM c`;

// each stopped query costs the next one a fresh process: generous limits on a busy machine
describe('a [SQL] list query past its time limit', { timeout: 60_000 }, () => {
  let started: Promise<void>;
  let slow: EditTestApp;
  beforeEach(() => {
    // the pool tells the test when a query has gone out, so nothing here depends on timing
    const pool = createListQueryPool(undefined);
    let signal: () => void = () => {};
    started = new Promise((resolve) => (signal = resolve));
    const watched: ListQueryPool = {
      run: (job, ms) => {
        signal();
        return pool.run(job, ms);
      },
      close: () => pool.close(),
    };
    slow = makeAdminApp({ config: { listQueryMs: 1000 }, listQueryPool: watched });
    return () => pool.close();
  });

  /** The hostile request, the order in which it and a request made while it runs are answered. */
  async function whileItRuns(hostile: request.Test): Promise<{ res: request.Response; order: string[] }> {
    const order: string[] = [];
    const running = hostile.then((r) => {
      order.push('hostile');
      return r;
    });
    await started;
    const other = await request(slow.app).get('/config.json');
    expect(other.status).toBe(200);
    order.push('other');
    const res = await running;
    return { res, order };
  }

  it('is stopped and answered with a 400 in the preview, while the server answers others', async () => {
    const { res, order } = await whileItRuns(
      adminCall(slow, 'dbadmin', 'put', `admin/databases/${slow.w.alpha}/lists`, {
        Name: 'Try',
        AssemblyPath: `[SQL]${UNBOUNDED}`,
      }),
    );
    expect(order).toEqual(['other', 'hostile']);
    expect(res.status).toBe(400);
    expect((res.body as { MessageDetail: string }).MessageDetail).toMatch(/did not finish within 1 s/);
    // the next query gets a fresh process
    const ok = await adminCall(slow, 'dbadmin', 'put', `admin/databases/${slow.w.alpha}/lists`, {
      Name: 'Try',
      AssemblyPath: `[SQL]SELECT name FROM archives WHERE name = 'Ledger'`,
    }).expect(200);
    expect((ok.body as AdminList).Values).toEqual(['Ledger']);
  });

  it('is stopped for a user opening a field whose saved list runs it, and for a save checked against it', async () => {
    const { db, w, e } = slow;
    const id = Number(
      db
        .prepare(`INSERT INTO lists(database_id, name, assembly_path) VALUES (?, 'Forever', ?)`)
        .run(w.alpha, `[SQL]${UNBOUNDED}`).lastInsertRowid,
    );
    db.prepare(`UPDATE fields SET list_id = ?, prop = ? WHERE id = ?`).run(
      id,
      FieldProp.DropdownList,
      e.status,
    );
    const { res, order } = await whileItRuns(
      adminCall(slow, 'full.user', 'get', `dbs/${w.alpha}/lists/${id}`),
    );
    expect(order).toEqual(['other', 'hostile']);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      MessageDetail: expect.stringMatching(/did not finish within 1 s/) as string,
    });
    // the dynamic-list lookup of the field answers the same
    const field = await adminCall(slow, 'full.user', 'get', `indexes?database=${w.alpha}&Field=${e.status}`);
    expect(field.status).toBe(400);
    // a value checked against the list is refused: the list offered nothing
    const save = await adminCall(
      slow,
      'full.user',
      'post',
      `dbs/${w.alpha}/archives/${e.ledger}/documents/${e.doc2}/save?SecureId=${docSecureId(slow, e.doc2)}`,
      { IndexData: { IndexFields: [{ ID: e.status, VAL: 'Open', MVAL: [] }] } },
    );
    expect(save.status).toBe(400);
  });
});

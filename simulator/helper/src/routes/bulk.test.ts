import { afterEach, describe, expect, it } from 'vitest';
import request from 'supertest';
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Express } from 'express';
import { ZipArchive } from 'archiver';
import { bulkPaths, type BulkJobStatus } from '@gs/contract/helperBulk';
import { signIn } from '../../../api/src/testing/testApp';
import { listen, makeBulkApp, writeImageFile, type BulkTestApp } from '../../../api/src/testing/bulkWorld';
import { createHelperApp } from '../app';
import { createHelperState } from '../state';
import { userFolder } from '../auth/users';

interface Setup {
  t: BulkTestApp;
  helper: Express;
  /** the signed-in user's licence token, sent on every call */
  token: string;
  /** the user's own folder inside the helper's data folder */
  dir: string;
  /** a call to the helper with the user's token (or another one) */
  call(token?: string): request.Agent;
  /** writes uploads/<name> in the user's folder (or another user's) and answers its path */
  csv(name: string, text: string, owner?: string): string;
}

const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(closers.splice(0).map((c) => c()));
});

async function setup(user = 'full.user', jobs?: { ttlMs?: number; now?: () => number }): Promise<Setup> {
  const t = makeBulkApp();
  const api = await listen(t);
  closers.push(api.close);
  const root = mkdtempSync(join(tmpdir(), 'gs-helper-bulk-'));
  const dir = join(root, 'users', userFolder(user));
  mkdirSync(dir, { recursive: true });
  const helper = createHelperApp({
    state: createHelperState(undefined, { apiPath: api.apiPath, installed: [] }),
    bulk: { dataDir: root, apiPath: () => api.apiPath, batchSize: 5, jobs },
  });
  const token = (await signIn(t.app, user)).Token;
  return {
    t,
    helper,
    token,
    dir,
    call: (as = token) => request.agent(helper).set('Auth-Token', as),
    csv(name, text, owner = user) {
      const uploads = join(root, 'users', userFolder(owner), 'uploads');
      mkdirSync(uploads, { recursive: true });
      writeFileSync(join(uploads, name), text);
      return `uploads\\${name}`;
    },
  };
}

async function finished(s: Setup, jobId: string): Promise<BulkJobStatus> {
  for (;;) {
    const res = await s.call().get(bulkPaths.job(jobId)).expect(200);
    const status = res.body as BulkJobStatus;
    if (status.Status !== 'Running' && status.Status !== 'Queued') return status;
    await new Promise((done) => setImmediate(done));
  }
}

async function job(s: Setup, path: string, body: object): Promise<BulkJobStatus> {
  const res = await s.call().post(path).send(body);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return finished(s, (res.body as { JobID: string }).JobID);
}

const refused = async (s: Setup, path: string, body: object, token = s.token): Promise<string> => {
  const res = await s.call(token).post(path).send(body);
  expect(res.status, JSON.stringify(res.body)).toBeGreaterThanOrEqual(400);
  return (res.body as { Key: string }).Key;
};

const value = (s: Setup, field: number, doc: number): unknown =>
  (s.t.db.prepare(`SELECT f_${field} AS v FROM doc_${s.t.w.alpha} WHERE id = ?`).get(doc) as { v: unknown })
    .v;

const logOf = (s: Setup, status: BulkJobStatus): string =>
  readFileSync(join(s.dir, ...status.ErrorPath.split('\\')), 'utf8');

describe('bulk update through the helper', () => {
  it('uploads a CSV from the browser and previews its columns', async () => {
    const s = await setup();
    const up = await s
      .call()
      .post(bulkPaths.upload)
      .attach('file', Buffer.from('DocID,Customer\r\n1,A\r\n2,B\r\n'), 'rows.csv')
      .expect(200);
    const path = (up.body as { Path: string }).Path;
    expect(path).toMatch(/^uploads\\.*rows\.csv$/);
    const preview = await s
      .call()
      .post(bulkPaths.csvPreview)
      .send({ csvPath: path, HeadersIncluded: true })
      .expect(200);
    expect(preview.body).toEqual({
      Columns: ['DocID', 'Customer'],
      Rows: [
        ['1', 'A'],
        ['2', 'B'],
      ],
    });
  });

  it('simple: counts, then sets the values on every document of the search', async () => {
    const s = await setup();
    const { w, e } = s.t;
    const body = {
      Type: 'simple',
      Database: w.alpha,
      SearchID: s.t.b.allLedger,
      Values: [{ FieldID: w.vendor, Value: 'Bulk Co' }],
    };
    const count = await job(s, bulkPaths.count, body);
    expect(count).toMatchObject({ Status: 'Completed', Count: 23 });
    const done = await job(s, bulkPaths.update, body);
    expect(done).toMatchObject({
      Status: 'Completed',
      Processed: 23,
      Succeeded: 23,
      Failed: 0,
      ErrorPath: '',
    });
    for (const d of [...s.t.b.docs, e.doc1, e.doc2]) expect(value(s, w.vendor, d)).toBe('Bulk Co');
  });

  it('simple with prompt values only touches the matches', async () => {
    const s = await setup();
    const { w, b } = s.t;
    const done = await job(s, bulkPaths.update, {
      Type: 'simple',
      Database: w.alpha,
      SearchID: b.byCustomer,
      SearchCriteria: { [b.customerPrompt]: 'Cust 2' },
      Values: [{ FieldID: w.vendor, Value: 'Only Two' }],
    });
    expect(done.Succeeded).toBe(1);
    expect(value(s, w.vendor, b.docs[1] ?? 0)).toBe('Only Two');
    expect(value(s, w.vendor, b.docs[0] ?? 0)).toBe('Acme');
  });

  it('refuses a prompt value over 4,096 characters before any job starts (update, count, export)', async () => {
    const s = await setup();
    const { w, b } = s.t;
    const search = { Database: w.alpha, SearchID: b.byCustomer };
    const long = { [b.customerPrompt]: `${'x'.repeat(59_999)}*` };
    for (const [path, body] of [
      [
        bulkPaths.update,
        { ...search, Type: 'simple', SearchCriteria: long, Values: [{ FieldID: w.vendor, Value: 'X' }] },
      ],
      [
        bulkPaths.count,
        { ...search, Type: 'simple', SearchCriteria: long, Values: [{ FieldID: w.vendor, Value: 'X' }] },
      ],
      [bulkPaths.export, { ...search, SearchCriteria: long }],
    ] as const) {
      const res = await s.call().post(path).send(body).expect(400);
      expect(res.body).toEqual({
        Message: 'A SearchCriteria value is longer than 4096 characters.',
        Key: 'ERROR_INCORRECT_PARAMETERS',
      });
    }
    expect(value(s, w.vendor, b.docs[0] ?? 0)).toBe('Acme');
  });

  it('documentSelectUpdate: only the given documents', async () => {
    const s = await setup();
    const { w, e, b } = s.t;
    const done = await job(s, bulkPaths.update, {
      type: 'documentSelectUpdate',
      database: w.alpha,
      docs: [
        { ArchiveID: e.ledger, DocID: b.docs[0] },
        { ArchiveID: e.ledger, DocID: b.docs[4] },
      ],
      values: [{ FieldID: e.qty, Value: '77' }],
    });
    expect(done).toMatchObject({ Succeeded: 2, Total: 2 });
    expect(value(s, e.qty, b.docs[4] ?? 0)).toBe(77);
    expect(value(s, e.qty, b.docs[1] ?? 0)).toBe(2);
  });

  it('csvupdate: updates the good rows and logs the bad DocID', async () => {
    const s = await setup();
    const { w, e, b } = s.t;
    const [d1 = 0, d2 = 0, d3 = 0] = b.docs;
    const path = s.csv(
      'upd.csv',
      `Archive;DocID;Customer;Qty\r\n${e.ledger};${d1};'New; One';5\r\n${e.ledger};${d2};Two;not a number\r\n${e.ledger};${d3};;9\r\n`,
    );
    const done = await job(s, bulkPaths.update, {
      Type: 'csvupdate',
      Database: w.alpha,
      csvPath: path,
      errorPath: 'logs\\csv-errors.log',
      fieldDelimiter: ';',
      stringDelimiter: "'",
      HeadersIncluded: true,
      FieldMapping: [
        { FieldID: 0, RowID: 0, Checked: true },
        { FieldID: -1, RowID: 1, Checked: true },
        { FieldID: e.customer, RowID: 2, Checked: true },
        { FieldID: e.qty, RowID: 3, Checked: true },
      ],
    });
    expect(done).toMatchObject({
      Status: 'Completed',
      Succeeded: 2,
      Failed: 1,
      ErrorPath: 'logs\\csv-errors.log',
    });
    expect(value(s, e.customer, d1)).toBe('New; One');
    expect(value(s, e.customer, d2)).toBe('Cust 2');
    // without UseString an empty cell leaves the field alone
    expect(value(s, e.customer, d3)).toBe('Cust 3');
    expect(value(s, e.qty, d3)).toBe(9);
    expect(logOf(s, done)).toMatch(new RegExp(`^DocID ${d2}: Field 'Quantity': `));
  });

  it('csvupdate with UseString writes cells as they are (an empty cell clears)', async () => {
    const s = await setup();
    const { w, e, b } = s.t;
    const d1 = b.docs[0] ?? 0;
    const path = s.csv('use.csv', `${e.ledger},${d1},, padded \r\n`);
    await job(s, bulkPaths.update, {
      Type: 'csvupdate',
      Database: w.alpha,
      csvPath: path,
      UseString: true,
      FieldMapping: [
        { FieldID: 0, RowID: 0, Checked: true },
        { FieldID: -1, RowID: 1, Checked: true },
        { FieldID: e.code, RowID: 2, Checked: true },
        { FieldID: w.vendor, RowID: 3, Checked: true },
      ],
    });
    expect(value(s, w.vendor, d1)).toBe(' padded ');
    expect(value(s, e.code, d1)).toBe(null);
  });

  it('csvsearchupdate: each row runs the search and updates its matches', async () => {
    const s = await setup();
    const { w, b } = s.t;
    const path = s.csv('search.csv', 'Cust 4,Four Inc\r\nCust 5,Five Inc\r\nNobody,None\r\n');
    const done = await job(s, bulkPaths.update, {
      Type: 'csvsearchupdate',
      Database: w.alpha,
      csvPath: path,
      SearchInfo: { SearchID: b.byCustomer, Prompts: [{ PromptID: b.customerPrompt, ColumnID: 0 }] },
      ReplaceInfo: [{ FieldID: w.vendor, ColumnID: 1 }],
    });
    expect(done).toMatchObject({ Succeeded: 2, Failed: 1 });
    expect(value(s, w.vendor, b.docs[3] ?? 0)).toBe('Four Inc');
    expect(value(s, w.vendor, b.docs[4] ?? 0)).toBe('Five Inc');
    expect(logOf(s, done)).toContain('DocID row 3: No document matches the search.');
  });

  it('dry run lists old and new values per document and writes nothing', async () => {
    const s = await setup();
    const { w, e, b } = s.t;
    const done = await job(s, bulkPaths.update, {
      Type: 'documentSelectUpdate',
      Database: w.alpha,
      DryRun: true,
      Docs: [{ ArchiveID: e.ledger, DocID: b.docs[0] }],
      Values: [{ FieldID: w.vendor, Value: 'Preview' }],
    });
    expect(done.Preview).toEqual([
      {
        ArchiveID: e.ledger,
        DocID: b.docs[0],
        Fields: [{ FieldID: w.vendor, Name: 'Vendor', Old: 'Acme', New: 'Preview' }],
      },
    ]);
    expect(value(s, w.vendor, b.docs[0] ?? 0)).toBe('Acme');
  });

  it('refuses every invalid request with its key', async () => {
    const s = await setup();
    const { w, e, b } = s.t;
    const ids = [
      { FieldID: 0, RowID: 0, Checked: true },
      { FieldID: -1, RowID: 1, Checked: true },
    ];
    const good = s.csv('good.csv', `${e.ledger},${b.docs[0]},X\r\n`);
    s.csv('empty.csv', '');
    const csv = {
      Type: 'csvupdate',
      Database: w.alpha,
      csvPath: good,
      FieldMapping: [...ids, { FieldID: w.vendor, RowID: 2, Checked: true }],
    };
    const u = bulkPaths.update;
    expect(await refused(s, u, { ...csv, csvPath: 'bad|name.csv' })).toBe('BULK_INVALID_CSV_PATH');
    expect(await refused(s, u, { ...csv, csvPath: '/etc/passwd' })).toBe('BULK_PATH_OUTSIDE_DATA');
    expect(await refused(s, u, { ...csv, csvPath: '..\\..\\etc\\passwd' })).toBe('BULK_PATH_OUTSIDE_DATA');
    expect(await refused(s, u, { ...csv, csvPath: 'uploads\\missing.csv' })).toBe('BULK_FILE_NOT_FOUND');
    expect(await refused(s, u, { ...csv, csvPath: 'uploads\\empty.csv' })).toBe('INVALID_DATA');
    expect(await refused(s, u, { ...csv, errorPath: 'log?.txt' })).toBe('BULK_INVALID_ERROR_PATH');
    expect(await refused(s, u, { ...csv, fieldDelimiter: '' })).toBe('BULK_DELIMITER_REQUIRED');
    expect(await refused(s, u, { ...csv, fieldDelimiter: '"' })).toBe('BULK_DELIMITERS_MATCH');
    expect(await refused(s, u, { ...csv, FieldMapping: ids })).toBe('BULK_MAPPING_REQUIRED');
    expect(
      await refused(s, u, { ...csv, FieldMapping: [{ FieldID: w.vendor, RowID: 2, Checked: true }] }),
    ).toBe('BULK_CSVUPDATE_IDS_REQUIRED');
    expect(
      await refused(s, u, {
        ...csv,
        FieldMapping: [...ids, { FieldID: e.modifiedBy, RowID: 2, Checked: true }],
      }),
    ).toBe('BULK_SYSTEM_FIELD_NOT_MAPPABLE');
    const search = {
      Type: 'csvsearchupdate',
      Database: w.alpha,
      csvPath: good,
      ReplaceInfo: [{ FieldID: w.vendor, ColumnID: 2 }],
    };
    expect(await refused(s, u, search)).toBe('ERROR_CSV_UPDATE_DIRECT_SEARCH_REQUIRED');
    expect(await refused(s, u, { ...search, SearchInfo: { SearchID: 99999, Prompts: [] } })).toBe(
      'ERROR_CSV_UPDATE_DIRECT_SEARCH_REQUIRED',
    );
    expect(await refused(s, u, { ...search, SearchInfo: { SearchID: b.byCustomer, Prompts: [] } })).toBe(
      'BULK_SEARCH_MAPPING_REQUIRED',
    );
    expect(
      await refused(s, u, { ...search, ReplaceInfo: [], SearchInfo: { SearchID: b.allLedger, Prompts: [] } }),
    ).toBe('BULK_MAPPING_REQUIRED');
    const basic = {
      Type: 'simple',
      Database: w.alpha,
      SearchID: b.allLedger,
      Values: [{ FieldID: e.qty, Value: '3' }],
    };
    expect(await refused(s, u, { ...basic, SearchID: undefined })).toBe('BULK_SEARCH_REQUIRED');
    expect(await refused(s, u, { ...basic, Values: [] })).toBe('BULK_VALUES_REQUIRED');
    expect(await refused(s, u, { ...basic, Values: [{ FieldID: e.qty, Value: 'three' }] })).toBe(
      'BULK_INVALID_VALUE',
    );
    expect(await refused(s, u, { ...basic, Type: 'documentSelectUpdate', Docs: [] })).toBe(
      'ERROR_NO_DOCUMENTS_SELECTED',
    );
    expect(
      await refused(s, u, {
        ...basic,
        SearchID: b.controlledSearch,
        Values: [{ FieldID: w.vendor, Value: 'x' }],
      }),
    ).toBe('ERROR_UPDATE_REVISION_ARCHIVE');
    expect(await refused(s, u, { ...basic, Type: 'nonsense' })).toBe('ERROR_INCORRECT_PARAMETERS');
    const reader = await signIn(s.t.app, 'reader');
    expect(await refused(s, u, basic, reader.Token)).toBe('BULK_READ_ONLY_LICENSE');
    expect(await refused(s, bulkPaths.count, { ...basic, Values: [] })).toBe('BULK_VALUES_REQUIRED');
  });
});

describe('bulk jobs when the server refuses or is away', () => {
  it('answers ERROR_FAILED_DUE_TO_PERMISSIONS and BULK_API_UNAVAILABLE', async () => {
    const s = await setup();
    const { w, e } = s.t;
    const path = s.csv('x.csv', 'a.txt,Name,1\r\n');
    const body = {
      Database: w.alpha,
      Archive: w.open,
      csvPath: path,
      FilePathColumn: 0,
      FieldMapping: [{ FieldID: e.customer, RowID: 1, Checked: true }],
    };
    // full.user cannot see archive Open (no View)
    expect(await refused(s, bulkPaths.import, body)).toBe('ERROR_FAILED_DUE_TO_PERMISSIONS');
    const away = createHelperApp({
      state: createHelperState(undefined, { apiPath: 'http://127.0.0.1:9/Square9API/', installed: [] }),
      bulk: { dataDir: s.dir, apiPath: () => 'http://127.0.0.1:9/Square9API/' },
    });
    // the token cannot even be checked: 502, and the answer does not repeat it
    const res = await request(away)
      .post(bulkPaths.import)
      .set('Auth-Token', s.token)
      .send({ ...body, Archive: e.ledger })
      .expect(502);
    expect(res.body).toMatchObject({ Key: 'BULK_API_UNAVAILABLE' });
    expect(JSON.stringify(res.body)).not.toContain(s.token);
  });
});

describe('import utility through the helper', () => {
  const mapping = (s: Setup) => [
    { FieldID: s.t.e.customer, RowID: 1, Checked: true },
    { FieldID: s.t.e.qty, RowID: 2, Checked: true },
  ];

  it('imports rows with files named by a path column, and logs the failures', async () => {
    const s = await setup();
    const { w, e } = s.t;
    writeFileSync(join(s.dir, 'uploads-a.txt'), 'a');
    s.csv('a.txt', 'file a');
    s.csv('b.txt', 'file b');
    const path = s.csv(
      'import.csv',
      'File,Customer,Qty\r\na.txt,Imp A,1\r\nb.txt,Imp B,x\r\nmissing.txt,Imp C,3\r\na.txt,Imp D,4\r\n',
    );
    const done = await job(s, bulkPaths.import, {
      Database: w.alpha,
      Archive: e.ledger,
      csvPath: path,
      HeadersIncluded: true,
      FilePathColumn: 0,
      FieldMapping: mapping(s),
    });
    expect(done).toMatchObject({ Status: 'Completed', Total: 4, Succeeded: 2, Failed: 2 });
    const log = logOf(s, done);
    expect(log).toContain("FileName/Document Id: b.txt: Field 'Quantity'");
    expect(log).toContain('FileName/Document Id: missing.txt:');
    const names = s.t.db
      .prepare(
        `SELECT f_${e.customer} AS c FROM doc_${w.alpha} WHERE f_${e.customer} LIKE 'Imp%' ORDER BY id`,
      )
      .all();
    expect(names).toEqual([{ c: 'Imp A' }, { c: 'Imp D' }]);
  });

  it('imports the files of a zip', async () => {
    const s = await setup();
    const { w, e } = s.t;
    const zip = new ZipArchive();
    const chunks: Buffer[] = [];
    zip.on('data', (c: Buffer) => chunks.push(c));
    zip.append('zipped one', { name: 'docs/one.txt' });
    zip.append('zipped two', { name: 'docs/two.txt' });
    await zip.finalize();
    mkdirSync(join(s.dir, 'uploads'), { recursive: true });
    writeFileSync(join(s.dir, 'uploads', 'files.zip'), Buffer.concat(chunks));
    const path = s.csv('zip.csv', 'docs/one.txt,Zip 1,1\r\ndocs\\two.txt,Zip 2,2\r\n');
    const done = await job(s, bulkPaths.import, {
      Database: w.alpha,
      Archive: e.ledger,
      csvPath: path,
      ZipPath: 'uploads\\files.zip',
      FilePathColumn: 0,
      FieldMapping: mapping(s),
    });
    expect(done).toMatchObject({ Succeeded: 2, Failed: 0 });
    // the extracted zip is removed when the job ends
    expect(readdirSync(join(s.dir, 'tmp'))).toEqual([]);
  });

  it('refuses unmapped required fields, type mismatches, disabled fields and a missing path column', async () => {
    const s = await setup();
    const { w, e } = s.t;
    const path = s.csv('bad.csv', 'a.txt,Name,12\r\n');
    const base = {
      Database: w.alpha,
      Archive: e.ledger,
      csvPath: path,
      FilePathColumn: 0,
      FieldMapping: mapping(s),
    };
    const i = bulkPaths.import;
    expect(
      await refused(s, i, { ...base, FieldMapping: [{ FieldID: e.qty, RowID: 2, Checked: true }] }),
    ).toBe('ERROR_IMPORT_MISSING_FIELDS');
    expect(
      await refused(s, i, {
        ...base,
        FieldMapping: [...mapping(s), { FieldID: e.due, RowID: 1, Checked: true }],
      }),
    ).toBe('ERROR_IMPORT_DATATYPE_MISMATCH');
    expect(
      await refused(s, i, {
        ...base,
        FieldMapping: [...mapping(s), { FieldID: e.entered, RowID: 1, Checked: true }],
      }),
    ).toBe('BULK_FIELD_NOT_IMPORTABLE');
    expect(await refused(s, i, { ...base, FilePathColumn: undefined })).toBe('BULK_FILEPATH_REQUIRED');
    expect(await refused(s, i, { ...base, FieldMapping: [] })).toBe('BULK_MAPPING_REQUIRED');
    // the reader names the same CSV in their own folder: the API refuses their licence
    const reader = await signIn(s.t.app, 'reader');
    s.csv('bad.csv', 'a.txt,Name,12\r\n', 'reader');
    expect(await refused(s, i, base, reader.Token)).toBe('BULK_READ_ONLY_LICENSE');
  });
});

describe('export utility through the helper', () => {
  it('writes the files named by the Filename tokens, and the CSV of the profile fields', async () => {
    const s = await setup();
    const { w, e, b } = s.t;
    await s
      .call()
      .post(bulkPaths.exportProfiles)
      .send({ DatabaseID: w.alpha, ArchiveID: e.ledger, FieldIDs: [e.customer] })
      .expect(200);
    const done = await job(s, bulkPaths.export, {
      Database: w.alpha,
      Docs: b.docs.slice(0, 3).map((DocID) => ({ ArchiveID: e.ledger, DocID })),
      FilePath: 'C:\\Exports\\June',
      Filename: '{Customer} - {DocID}',
      ExportWithCSV: true,
      ExportWithMappedFields: true,
      CsvFile: 'index.csv',
    });
    expect(done).toMatchObject({ Status: 'Completed', Succeeded: 3, OutputPath: 'exports\\Exports\\June' });
    const out = join(s.dir, 'exports', 'Exports', 'June');
    expect(readdirSync(out).sort()).toEqual(
      [
        `Cust 1 - ${b.docs[0]}.txt`,
        `Cust 2 - ${b.docs[1]}.txt`,
        `Cust 3 - ${b.docs[2]}.txt`,
        'index.csv',
      ].sort(),
    );
    expect(readFileSync(join(out, `Cust 2 - ${b.docs[1]}.txt`), 'utf8')).toBe('document 2');
    const csv = readFileSync(join(out, 'index.csv'), 'utf8').split('\r\n');
    expect(csv[0]).toBe('DocID,ArchiveID,FileName,Customer');
  });

  it('converts images to black and white PDFs when asked', async () => {
    const s = await setup();
    const { w, e, b } = s.t;
    await writeImageFile(s.t);
    const done = await job(s, bulkPaths.export, {
      Database: w.alpha,
      Docs: [{ ArchiveID: e.ledger, DocID: b.imageDoc }],
      ConvertToPDF: true,
      ConvertToBW: true,
      WithAnnotations: true,
    });
    expect(done.Files).toEqual([`exports\\${b.imageDoc}.pdf`]);
    const pdf = readFileSync(join(s.dir, 'exports', `${b.imageDoc}.pdf`));
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  });

  it('refuses no documents, a bad folder and a bad file name', async () => {
    const s = await setup();
    const { w, e, b } = s.t;
    const x = bulkPaths.export;
    const docs = [{ ArchiveID: e.ledger, DocID: b.docs[0] }];
    expect(await refused(s, x, { Database: w.alpha, Docs: [] })).toBe('ERROR_EXPORT_NO_RESULTS');
    expect(await refused(s, x, { Database: w.alpha, Docs: docs, FilePath: 'a*b' })).toBe(
      'BULK_INVALID_FOLDER',
    );
    expect(await refused(s, x, { Database: w.alpha, Docs: docs, Filename: 'a/b' })).toBe(
      'BULK_INVALID_FILENAME',
    );
  });
});

describe('bulk jobs end', () => {
  it('drops a finished job an hour after it ended', async () => {
    let now = Date.UTC(2026, 10, 27, 9);
    const s = await setup('full.user', { now: () => now });
    const body = {
      Type: 'simple',
      Database: s.t.w.alpha,
      SearchID: s.t.b.allLedger,
      Values: [{ FieldID: s.t.w.vendor, Value: 'X' }],
    };
    const count = await job(s, bulkPaths.count, body);
    expect(count.Status).toBe('Completed');
    now += 60 * 60 * 1000 - 1;
    await s.call().get(bulkPaths.job(count.JobID)).expect(200);
    now += 1;
    const gone = await s.call().get(bulkPaths.job(count.JobID)).expect(404);
    expect(gone.body).toHaveProperty('Message');
  });
});

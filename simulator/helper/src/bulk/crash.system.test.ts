// A 50,000-document csvupdate through the helper engine against an API in a child process that
// is killed with SIGKILL mid-way: after reopening the database every document holds either all
// of its new values or all of its old ones, every row before the one the log names is applied,
// and the error log says where the job stopped.
import { afterAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  addArchive,
  addDatabase,
  addField,
  addUser,
  documentInserter,
  setSeats,
} from '@gs/simulator-fixtures/builders';
import { FieldType, LicenseType } from '@gs/contract/flags';
import { bulkPaths, type BulkJobStatus } from '@gs/contract/helperBulk';
import { openDatabase } from '../../../api/src/db/connection';
import { startChildApi } from '../../../api/src/testing/childApiProcess';
import { createHelperApp } from '../app';
import { createHelperState } from '../state';
import { userFolder } from '../auth/users';

const DOCS = 50_000;

function seed(dataDir: string) {
  const db = openDatabase(join(dataDir, 'simulator.sqlite'));
  addUser(db, {
    name: 'SSAdministrator',
    password: 'Demo@1234',
    licenseType: LicenseType.Full,
    isAdminAll: true,
  });
  setSeats(db, LicenseType.Full, 5);
  const alpha = addDatabase(db, 'Alpha');
  const name = addField(db, alpha, { name: 'Name', type: FieldType.Character });
  const code = addField(db, alpha, { name: 'Code', type: FieldType.Character });
  const qty = addField(db, alpha, { name: 'Qty', type: FieldType.Integer });
  const archive = addArchive(db, alpha, { name: 'Big', fieldIds: [name, code, qty] });
  const insert = documentInserter(db, alpha, [name, code, qty]);
  const first = db.transaction(() => {
    let id = 0;
    for (let i = 0; i < DOCS; i++) {
      const doc = insert({
        archiveId: archive,
        filePath: '',
        fileType: '.pdf',
        fileSize: 0,
        pageCount: 1,
        createdAt: 0,
        values: { [name]: `old ${i}`, [code]: `O${i}`, [qty]: i },
      });
      if (i === 0) id = doc;
    }
    return id;
  })();
  db.close();
  return { alpha, archive, name, code, qty, first };
}

const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

describe('a crash in the middle of a bulk update', () => {
  it(
    'leaves every document fully old or fully new, and the log says where it stopped',
    { timeout: 60_000 },
    async () => {
      const dataDir = mkdtempSync(join(tmpdir(), 'gs-crash-'));
      const helperData = join(dataDir, 'helper-data');
      const helperDir = join(helperData, 'users', userFolder('SSAdministrator'));
      dirs.push(dataDir);
      const w = seed(dataDir);
      const { child, port } = await startChildApi(dataDir);
      const apiPath = `http://127.0.0.1:${port}/Square9API/`;
      try {
        mkdirSync(join(helperDir, 'uploads'), { recursive: true });
        const lines: string[] = [];
        for (let i = 0; i < DOCS; i++)
          lines.push(`${w.archive},${w.first + i},new ${i},N${i},${i + 1000000}`);
        writeFileSync(join(helperDir, 'uploads', 'big.csv'), lines.join('\r\n'));
        const helper = createHelperApp({
          state: createHelperState(undefined, { apiPath, installed: [] }),
          bulk: { dataDir: helperData, apiPath: () => apiPath, batchSize: 1000 },
        });
        const licence = await fetch(`${apiPath}api/licenses`, {
          headers: { Authorization: `Basic ${Buffer.from('SSAdministrator:Demo@1234').toString('base64')}` },
        });
        const token = ((await licence.json()) as { Token: string }).Token;
        const started = await request(helper)
          .post(bulkPaths.update)
          .set('Auth-Token', token)
          .send({
            Type: 'csvupdate',
            Database: w.alpha,
            csvPath: 'uploads\\big.csv',
            errorPath: 'logs\\big.log',
            FieldMapping: [
              { FieldID: 0, RowID: 0, Checked: true },
              { FieldID: -1, RowID: 1, Checked: true },
              { FieldID: w.name, RowID: 2, Checked: true },
              { FieldID: w.code, RowID: 3, Checked: true },
              { FieldID: w.qty, RowID: 4, Checked: true },
            ],
          })
          .expect(200);
        const jobId = (started.body as { JobID: string }).JobID;
        let status: BulkJobStatus;
        let killed = false;
        for (;;) {
          // the job's own token follows it while the API is dead
          const res = await request(helper).get(bulkPaths.job(jobId)).set('Auth-Token', token).expect(200);
          status = res.body as BulkJobStatus;
          if (!killed && status.Processed >= 5000) {
            child.kill('SIGKILL');
            killed = true;
          }
          if (status.Status !== 'Running' && status.Status !== 'Queued') break;
          await new Promise((done) => setImmediate(done));
        }
        expect(killed).toBe(true);
        expect(status.Status).toBe('Failed');
        expect(status.Processed).toBeLessThan(DOCS);
        const log = readFileSync(join(helperDir, 'logs', 'big.log'), 'utf8');
        const stop = /Stopped at row (\d+) of 50000/.exec(log);
        expect(stop).not.toBeNull();
        const stoppedAt = Number(stop?.[1]);

        const db = openDatabase(join(dataDir, 'simulator.sqlite'));
        const rows = db
          .prepare(
            `SELECT id, f_${w.name} AS name, f_${w.code} AS code, f_${w.qty} AS qty FROM doc_${w.alpha} ORDER BY id`,
          )
          .all() as { id: number; name: string; code: string; qty: number }[];
        db.close();
        let updated = 0;
        for (const r of rows) {
          const i = r.id - w.first;
          const isNew = r.name === `new ${i}` && r.code === `N${i}` && r.qty === i + 1000000;
          const isOld = r.name === `old ${i}` && r.code === `O${i}` && r.qty === i;
          expect(isNew || isOld, `document ${r.id} is half-updated`).toBe(true);
          if (isNew) {
            updated++;
          } else {
            // every row before the one the log names was applied
            expect(i + 1).toBeGreaterThanOrEqual(stoppedAt);
          }
        }
        expect(updated).toBeGreaterThanOrEqual(stoppedAt - 1);
        expect(updated).toBeLessThan(DOCS);
      } finally {
        child.kill('SIGKILL');
      }
    },
  );
});

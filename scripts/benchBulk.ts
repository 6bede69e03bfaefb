// Bulk benchmark on the large scenario (1,000,000 invoices in one archive), through the helper:
// (a) a csvupdate of 100,000 documents (three fields each), (b) an import of 100,000 CSV rows with
// their files (a path column over the scenario's sample PDFs). The API runs in its own process on
// a COPY of the data folder (the large data stays as seeded); the helper runs in this process on a
// free port and is driven over HTTP as the client drives it. Prints documents per second and total
// seconds for each (targets: at most 5 s each).
// Run: npm run bench -- bulk [--data-dir ./data-large] [--rows 100000] [--batch 2000]
import {
  copyFileSync,
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import Database from 'better-sqlite3';
import { bulkPaths, type BulkJobStatus } from '@gs/contract/helperBulk';
import { createHelperApp } from '@gs/simulator-helper/app';
import { createHelperState } from '@gs/simulator-helper/state';
import { userFolder } from '@gs/simulator-helper/auth/users';
import { ensureLarge } from './lib/largeScenario';
import { DEMO_PASSWORD } from './lib/signIns';
import { startServer } from './benchHttp';

interface Layout {
  databaseId: number;
  archiveId: number;
  field: (name: string) => number;
  statuses: string[];
  regions: string[];
  firstDoc: number;
}

function layout(dataDir: string): Layout {
  const db = new Database(resolve(dataDir, 'simulator.sqlite'), { readonly: true });
  try {
    const archive = db
      .prepare(`SELECT id, database_id AS databaseId FROM archives WHERE name = 'Customer Invoices'`)
      .get() as { id: number; databaseId: number };
    const fields = db
      .prepare(
        `SELECT f.id, f.name, f.list_id AS listId FROM archive_fields af JOIN fields f ON f.id = af.field_id WHERE af.archive_id = ?`,
      )
      .all(archive.id) as { id: number; name: string; listId: number }[];
    const byName = (name: string) => {
      const f = fields.find((x) => x.name === name);
      if (!f) throw new Error(`no field ${name}`);
      return f;
    };
    const items = (name: string) =>
      (
        db
          .prepare(`SELECT value FROM list_items WHERE list_id = ? ORDER BY ordinal`)
          .all(byName(name).listId) as { value: string }[]
      ).map((r) => r.value);
    const first = db
      .prepare(`SELECT min(id) AS id FROM doc_${archive.databaseId} WHERE archive_id = ?`)
      .get(archive.id) as { id: number };
    return {
      databaseId: archive.databaseId,
      archiveId: archive.id,
      field: (name) => byName(name).id,
      statuses: items('Status'),
      regions: items('Region'),
      firstDoc: first.id,
    };
  } finally {
    db.close();
  }
}

/** CPU seconds (user + system) a process has used so far, where /proc tells (Linux). */
function cpuSeconds(pid: number | undefined): number | undefined {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    return (Number(fields[11]) + Number(fields[12])) / 100; // utime, stime in clock ticks
  } catch {
    return undefined;
  }
}

interface JobRun {
  status: BulkJobStatus;
  seconds: number;
  /** the API process's CPU seconds over the job (a figure that holds on a busy machine) */
  apiCpu?: number;
}

/** A licence for the bench's user: the helper works only with a user's token. */
async function signInToken(apiPath: string): Promise<string> {
  const auth = Buffer.from(`SSAdministrator:${DEMO_PASSWORD}`).toString('base64');
  const res = await fetch(`${apiPath}api/licenses`, { headers: { Authorization: `Basic ${auth}` } });
  if (!res.ok) throw new Error(`sign-in refused: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { Token: string }).Token;
}

async function runJob(
  helperUrl: string,
  token: string,
  path: string,
  body: object,
  apiPid?: number,
): Promise<JobRun> {
  const t0 = performance.now();
  const cpu0 = cpuSeconds(apiPid);
  const res = await fetch(`${helperUrl}${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'Auth-Token': token },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${res.status} ${await res.text()}`);
  const { JobID } = (await res.json()) as { JobID: string };
  for (;;) {
    const status = (await (
      await fetch(`${helperUrl}${bulkPaths.job(JobID)}`, { headers: { 'Auth-Token': token } })
    ).json()) as BulkJobStatus;
    if (status.Status !== 'Running' && status.Status !== 'Queued') {
      const cpu1 = cpuSeconds(apiPid);
      return {
        status,
        seconds: (performance.now() - t0) / 1000,
        ...(cpu0 !== undefined && cpu1 !== undefined ? { apiCpu: cpu1 - cpu0 } : {}),
      };
    }
    await new Promise((done) => setTimeout(done, 20));
  }
}

const report = (what: string, rows: number, r: JobRun): void => {
  const s = r.status;
  console.log(
    `${what.padEnd(10)} ${rows.toLocaleString('en-US')} rows  ${r.seconds.toFixed(2)} s  ${Math.round(rows / r.seconds).toLocaleString('en-US')} docs/s  ` +
      (r.apiCpu === undefined ? '' : `API CPU ${r.apiCpu.toFixed(2)} s  `) +
      `(${s.Status}: ${s.Succeeded} ok, ${s.Failed} failed${s.Message ? `; ${s.Message}` : ''})`,
  );
};

export async function run(argv: string[]): Promise<void> {
  const { values } = parseArgs({
    args: argv,
    options: {
      'data-dir': { type: 'string', default: './data-large' },
      rows: { type: 'string', default: '100000' },
      batch: { type: 'string', default: '5000' },
    },
  });
  const source = resolve(values['data-dir']);
  const rows = Number(values.rows);
  await ensureLarge(source);
  const l = layout(source);

  const work = mkdtempSync(join(tmpdir(), 'gs-bench-bulk-'));
  console.log(`Copying ${source} to ${work} (the bench writes to the copy)...`);
  for (const f of ['simulator.sqlite', 'simulator.sqlite-wal']) {
    if (existsSync(join(source, f))) copyFileSync(join(source, f), join(work, f));
  }
  cpSync(join(source, 'files'), join(work, 'files'), { recursive: true });
  const server = await startServer(work);
  const apiPath = `http://127.0.0.1:${server.port}/Square9API/`;
  const helperDir = join(work, 'helper-data');
  const token = await signInToken(apiPath);
  // the helper reads the files a user names inside that user's folder
  const userDir = join(helperDir, 'users', userFolder('SSAdministrator'));
  mkdirSync(join(userDir, 'bench', 'docs'), { recursive: true });
  const app = createHelperApp({
    state: createHelperState(undefined, { apiPath, installed: [] }),
    bulk: {
      dataDir: helperDir,
      apiPath: () => apiPath,
      batchSize: Number(values.batch),
    },
  });
  const helper = createServer(app);
  await new Promise<void>((done) => helper.listen(0, '127.0.0.1', () => done()));
  const helperUrl = `http://127.0.0.1:${(helper.address() as AddressInfo).port}`;
  try {
    // (a) csvupdate: Customer Name, Quantity, Status of 100,000 documents
    const lines: string[] = [];
    for (let i = 0; i < rows; i++)
      lines.push(
        `${l.archiveId},${l.firstDoc + i * 7},Bulk Customer ${i},${i % 1000},${l.statuses[i % l.statuses.length] ?? ''}`,
      );
    writeFileSync(join(userDir, 'bench', 'update.csv'), lines.join('\r\n'));
    const update = await runJob(
      helperUrl,
      token,
      bulkPaths.update,
      {
        Type: 'csvupdate',
        Database: l.databaseId,
        csvPath: 'bench\\update.csv',
        errorPath: 'bench\\update-errors.log',
        FieldMapping: [
          { FieldID: 0, RowID: 0, Checked: true },
          { FieldID: -1, RowID: 1, Checked: true },
          { FieldID: l.field('Customer Name'), RowID: 2, Checked: true },
          { FieldID: l.field('Quantity'), RowID: 3, Checked: true },
          { FieldID: l.field('Status'), RowID: 4, Checked: true },
        ],
      },
      server.child.pid,
    );

    // (b) import: 100,000 rows over the scenario's sample PDFs
    const samples = readdirSync(join(work, 'files', 'large')).filter((f) => f.endsWith('.pdf'));
    for (const f of samples) copyFileSync(join(work, 'files', 'large', f), join(userDir, 'bench', 'docs', f));
    const rowsOut = [
      'File,Customer Name,Customer Number,Invoice Number,Invoice Date,Invoice Amount,Quantity,Region,Status',
    ];
    for (let i = 0; i < rows; i++)
      rowsOut.push(
        [
          `docs/${samples[i % samples.length] ?? ''}`,
          `Imported Customer ${i % 5000}`,
          `C${10000 + (i % 5000)}`,
          `BULK-${i}`,
          `${(i % 12) + 1}/${(i % 28) + 1}/2024`,
          ((i % 100000) / 100).toFixed(2),
          String(i % 50),
          l.regions[i % l.regions.length] ?? '',
          l.statuses[i % l.statuses.length] ?? '',
        ].join(','),
      );
    writeFileSync(join(userDir, 'bench', 'import.csv'), rowsOut.join('\r\n'));
    const names = [
      'Customer Name',
      'Customer Number',
      'Invoice Number',
      'Invoice Date',
      'Invoice Amount',
      'Quantity',
      'Region',
      'Status',
    ];
    const imported = await runJob(
      helperUrl,
      token,
      bulkPaths.import,
      {
        Database: l.databaseId,
        Archive: l.archiveId,
        csvPath: 'bench\\import.csv',
        errorPath: 'bench\\import-errors.log',
        HeadersIncluded: true,
        FilePathColumn: 0,
        FieldMapping: names.map((n, i) => ({ FieldID: l.field(n), RowID: i + 1, Checked: true })),
      },
      server.child.pid,
    );
    for (const [what, r] of [
      ['csvupdate', update],
      ['import', imported],
    ] as const)
      if (r.status.ErrorPath)
        console.log(
          `${what} error log (first lines):\n  ${readFileSync(
            join(userDir, ...r.status.ErrorPath.split('\\')),
            'utf8',
          )
            .split('\r\n')
            .slice(0, 3)
            .join('\n  ')}`,
        );
    console.log(`\nBulk through the helper (API on a copy of ${source}; batches of ${values.batch}):`);
    report('csvupdate', rows, update);
    report('import', rows, imported);
  } finally {
    helper.close();
    server.child.kill();
    rmSync(work, { recursive: true, force: true });
  }
}

// Package benchmark (issue 16): a database of 10,000 documents (five fields, a small PDF-sized
// file each, in two archives) is exported as a .gs package through the API, uploaded back and
// imported into a new database by the import job. Prints the export, upload and import times and
// the package's size, and the API process's peak RSS during upload + import (sampled from
// /proc every 50 ms; Linux only, '?' elsewhere), in an API process started afresh after the export
// (the export builds its JSON entries in memory, which would hide the import's own peak). Target:
// the import (upload + job) under 20 s. Runs in a fresh temporary data folder (the empty scenario
// plus the bench's database), which it removes.
// Run: npm run bench -- package [--documents 10000] [--file-kib 4] (the size of each document's file)
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import {
  addArchive,
  addDatabase,
  addField,
  documentInserter,
  grantArchive,
  grantDatabase,
  setSetting,
} from '@gs/simulator-fixtures/builders';
import { seedScenario } from '@gs/simulator-fixtures/seed';
import { FieldType } from '@gs/contract/flags';
import type { ImportLog, ImportStarted, ImportTemplateTree } from '@gs/contract/admin/packages';
import { openDatabase } from '@gs/simulator-api/db/connection';
import { DEMO_PASSWORD } from './lib/signIns';
import { startServer, stopHttp } from './benchHttp';

const seconds = (ms: number): string => `${(ms / 1000).toFixed(2)} s`;
const mib = (bytes: number): string => `${(bytes / 1024 / 1024).toFixed(1)} MiB`;

/** The process's resident set in bytes (VmRSS), undefined where /proc cannot tell. */
function rssOf(pid: number | undefined): number | undefined {
  if (pid === undefined) return undefined;
  try {
    const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) * 1024 : undefined;
  } catch {
    return undefined;
  }
}

/** Samples a process's RSS every 50 ms until stopped; the peak and the first sample. */
function rssSampler(pid: number | undefined): { stop: () => { first?: number; peak?: number } } {
  const first = rssOf(pid);
  let peak = first;
  const timer = setInterval(() => {
    const rss = rssOf(pid);
    if (rss !== undefined && (peak === undefined || rss > peak)) peak = rss;
  }, 50);
  return {
    stop: () => {
      clearInterval(timer);
      return { first, peak };
    },
  };
}

/**
 * A GET that is tried again when the connection was reset: a keep-alive socket the API closed
 * while a long import transaction held its event loop (a crashed API refuses the next try).
 */
async function poll(url: string, headers: Record<string, string>, tries = 3): Promise<Response> {
  for (let i = 1; ; i++) {
    try {
      return await fetch(url, { headers });
    } catch (e) {
      const cause = String((e as { cause?: unknown }).cause ?? e);
      if (i >= tries || !cause.includes('ECONNRESET')) throw new Error(`GET ${url}: ${cause}`, { cause: e });
    }
  }
}

/** The bench's database: two archives, five fields, `count` documents with a file each. */
function buildDatabase(dataDir: string, count: number, fileBytes: number): void {
  const db = openDatabase(join(dataDir, 'simulator.sqlite'));
  try {
    db.transaction(() => {
      // the import makes a second database: the multi-database licence
      setSetting(db, 'feature.mdb', '1');
      const id = addDatabase(db, 'Bench');
      const fields = [
        addField(db, id, { name: 'Invoice Number', type: FieldType.Character }),
        addField(db, id, { name: 'Vendor', type: FieldType.Character }),
        addField(db, id, { name: 'Amount', type: FieldType.Decimal }),
        addField(db, id, { name: 'Invoice Date', type: FieldType.Date }),
        addField(db, id, { name: 'Quantity', type: FieldType.Integer }),
      ];
      const top = addArchive(db, id, { name: 'Payables', fieldIds: fields });
      const sub = addArchive(db, id, { name: 'Archived', parentId: top, fieldIds: fields });
      const admin = db.prepare(`SELECT id FROM users WHERE name = 'SSAdministrator'`).pluck().get() as number;
      grantDatabase(db, id, admin, 1);
      grantArchive(db, top, admin, 0x7fffffff);
      const insert = documentInserter(db, id, fields);
      const dir = join(dataDir, 'files', 'bench');
      mkdirSync(dir, { recursive: true });
      const body = Buffer.alloc(fileBytes, 0x20);
      for (let i = 0; i < count; i++) {
        const name = `bench/${i}.pdf`;
        body.write(`%PDF-1.4 bench document ${i}\n`, 0);
        writeFileSync(join(dataDir, 'files', name), body);
        insert({
          archiveId: i % 4 === 0 ? sub : top,
          filePath: name,
          fileType: '.pdf',
          fileSize: body.length,
          pageCount: 1,
          createdAt: 1_700_000_000_000 + i,
          values: {
            [fields[0] ?? 0]: `INV-${String(i).padStart(6, '0')}`,
            [fields[1] ?? 0]: `Vendor ${i % 97}`,
            [fields[2] ?? 0]: (i % 1000) + 0.25,
            [fields[3] ?? 0]: `2024-${String((i % 12) + 1).padStart(2, '0')}-15`,
            [fields[4] ?? 0]: i % 50,
          },
          text: `bench document ${i}`,
        });
      }
    })();
  } finally {
    db.close();
  }
}

export async function run(argv: string[]): Promise<void> {
  const { values } = parseArgs({
    args: argv,
    options: {
      documents: { type: 'string', default: '10000' },
      'file-kib': { type: 'string', default: '4' },
    },
  });
  const count = Number(values.documents);
  const fileBytes = Number(values['file-kib']) * 1024;
  const dataDir = mkdtempSync(join(tmpdir(), 'gs-bench-package-'));
  try {
    await seedScenario({ dataDir, scenario: 'empty' });
    let t = performance.now();
    buildDatabase(dataDir, count, fileBytes);
    console.log(`Built a database of ${count} documents in ${seconds(performance.now() - t)}.`);
    let { port, child } = await startServer(dataDir);
    try {
      const apiOf = (p: number) => `http://127.0.0.1:${p}/Square9API/api/`;
      const basic = `Basic ${Buffer.from(`SSAdministrator:${DEMO_PASSWORD}`).toString('base64')}`;
      const signIn = async (): Promise<{ 'Auth-Token': string }> => {
        const res = await fetch(`${apiOf(port)}licenses`, { headers: { Authorization: basic } });
        return { 'Auth-Token': ((await res.json()) as { Token: string }).Token };
      };
      let api = apiOf(port);
      let auth = await signIn();
      const dbs = (await (await fetch(`${api}admin/databases`, { headers: auth })).json()) as {
        Id: number;
        Name: string;
      }[];
      const source = dbs.find((d) => d.Name === 'Bench')?.Id ?? 0;

      t = performance.now();
      const exported = await fetch(`${api}admin/FullAdminDatabaseExport?DatabaseID=${source}&Acronym=BENCH`, {
        headers: auth,
      });
      if (!exported.ok) throw new Error(`export: ${exported.status} ${await exported.text()}`);
      const bytes = Buffer.from(await exported.arrayBuffer());
      const exportMs = performance.now() - t;

      // the export builds its JSON entries in memory: a fresh API process measures the import alone
      const exited = new Promise((done) => child.once('exit', done));
      child.kill();
      await exited;
      ({ port, child } = await startServer(dataDir));
      api = apiOf(port);
      auth = await signIn();

      t = performance.now();
      const sampler = rssSampler(child.pid);
      const form = new FormData();
      form.append('file', new Blob([bytes]), 'BENCH.gs');
      const uploaded = await fetch(`${api}admin/FullAdminDatabaseImport`, {
        method: 'POST',
        headers: auth,
        body: form,
      });
      if (!uploaded.ok) throw new Error(`upload: ${uploaded.status} ${await uploaded.text()}`);
      const uploadMs = performance.now() - t;
      const tree = (await (
        await fetch(`${api}admin/importdatabase?DatabaseID=0`, { headers: auth })
      ).json()) as ImportTemplateTree;
      const started = await fetch(`${api}admin/FullAdminDatabaseImport?DatabaseID=0`, {
        method: 'POST',
        headers: { ...auth, 'Content-Type': 'application/json' },
        body: JSON.stringify({ ...tree, DatabaseName: 'Bench_Copy' }),
      });
      if (!started.ok) throw new Error(`import: ${started.status} ${await started.text()}`);
      const { LogId } = (await started.json()) as ImportStarted;
      let log: ImportLog;
      for (;;) {
        const polled = await poll(`${api}admin/FullAdminLog?logId=${LogId}`, auth);
        log = (await polled.json()) as ImportLog;
        if (log.Status !== 'Running') break;
        await new Promise((r) => setTimeout(r, 50));
      }
      const importMs = performance.now() - t;
      const rss = sampler.stop();
      if (log.Status !== 'Completed')
        throw new Error(`the import failed: ${log.ImportError}\n${log.LogText}`);

      console.log(`package: ${count} documents, ${mib(bytes.length)}`);
      console.log(`  export           ${seconds(exportMs)}`);
      console.log(`  upload + check   ${seconds(uploadMs)}`);
      console.log(
        `  import (total)   ${seconds(importMs)}  (target under 20 s: ${importMs < 20_000 ? 'met' : 'MISSED'})`,
      );
      const size = (b?: number) => (b === undefined ? '?' : mib(b));
      console.log(`  API peak RSS     ${size(rss.peak)} during upload + import (${size(rss.first)} before)`);
    } finally {
      child.kill();
      stopHttp();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

// Issue 28 item 5 (decision 062): what the page views of a big PDF cost everyone else. The API alone
// (its own process, the empty scenario) holds a PDF of --pages pages (default 2,000) in the
// administrator's upload cache; --views page views of it (`GET files?fileName&action=render&page`,
// the indexing view's page, pages spread over the whole file) run one after another while
// `GET /config.json` is polled on another connection every 5 ms (bench/stallProbe.ts). Printed:
// the longest config.json stall during the views (target: under 20 ms), the same probe with the
// server idle (the noise of the machine), the views' median time, and the load average.
// Run: npm run bench -- pages [--pages 2000] [--views 20]
//        [--api-main <other checkout>/simulator/api/src/main.ts]   (before/after figures)
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { performance } from 'node:perf_hooks';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { seedScenario } from '@gs/simulator-fixtures/seed';
import { DEMO_PASSWORD } from './lib/signIns';
import { startServer, stopChild } from './benchHttp';
import { measure } from './bench/stallProbe';

/** the longest stall the page views may cause (issue 28) */
const STALL_TARGET_MS = 20;
const API = '/Square9API/api/';

async function bigPdf(pages: number): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  for (let i = 1; i <= pages; i++) {
    const page = pdf.addPage([612, 792]);
    page.drawText(`Page ${i} of ${pages}`, { x: 72, y: 700, size: 24, font });
    page.drawRectangle({ x: 72, y: 100, width: 468, height: 500, borderWidth: 1 });
  }
  return pdf.save();
}

const loadAverage = (): string => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;

export async function run(args: string[]): Promise<void> {
  const { values } = parseArgs({
    args,
    options: {
      pages: { type: 'string', default: '2000' },
      views: { type: 'string', default: '20' },
      'api-main': { type: 'string' },
    },
  });
  const pages = Number(values.pages);
  const views = Number(values.views);
  const dataDir = mkdtempSync(join(tmpdir(), 'gs-bench-pages-'));
  try {
    await seedScenario({ dataDir, scenario: 'empty' });
    const bytes = await bigPdf(pages);
    console.log(
      `a ${pages}-page PDF, ${(bytes.length / 1024 / 1024).toFixed(1)} MiB; load average ${loadAverage()}`,
    );
    const { port, child } = await startServer(dataDir, values['api-main']);
    try {
      const api = `http://127.0.0.1:${port}${API}`;
      const basic = `Basic ${Buffer.from(`SSAdministrator:${DEMO_PASSWORD}`).toString('base64')}`;
      const signed = await fetch(`${api}licenses`, { headers: { Authorization: basic } });
      const token = ((await signed.json()) as { Token: string }).Token;
      const headers = { 'Auth-Token': token };
      const form = new FormData();
      form.append('file', new Blob([Buffer.from(bytes)], { type: 'application/pdf' }), 'big.pdf');
      const up = await fetch(`${api}files`, { method: 'POST', headers, body: form });
      if (!up.ok) throw new Error(`the upload answered ${up.status}: ${await up.text()}`);
      const name = ((await up.json()) as { files: { name: string }[] }).files[0]?.name ?? '';
      const view = (page: number, signal?: AbortSignal) =>
        fetch(`${api}files?fileName=${encodeURIComponent(name)}&action=render&page=${page}&width=400`, {
          headers,
          signal,
        });
      const first = await view(1);
      if (!first.ok) throw new Error(`a page view answered ${first.status}: ${await first.text()}`);
      await first.arrayBuffer();

      const target = { apiPort: port, pid: child.pid ?? 0, timeoutMs: 600_000 };
      const idle = await measure('idle', target, async () => {
        await new Promise((r) => setTimeout(r, 2000));
        return new Response('');
      });
      const times: number[] = [];
      const statuses = new Set<number>();
      const busy = await measure(`${views} page views`, target, async (signal) => {
        let last = new Response('');
        for (let i = 0; i < views; i++) {
          const page = 1 + Math.floor(((i * 7919) % views) * (pages / views));
          const t0 = performance.now();
          last = await view(page, signal);
          await last.arrayBuffer();
          times.push(performance.now() - t0);
          statuses.add(last.status);
        }
        return new Response('', { status: last.status });
      });
      const met = busy.stallMs < STALL_TARGET_MS ? 'met' : 'MISSED';
      console.log(
        `idle server, 2 s:            longest config.json ${idle.cutOff ? '>= ' : ''}${idle.stallMs.toFixed(1)} ms`,
      );
      console.log(
        `${views} page views (${[...statuses].join(',')}), ${busy.ms.toFixed(0)} ms, median ${median(times).toFixed(0)} ms a view: longest config.json ${busy.cutOff ? '>= ' : ''}${busy.stallMs.toFixed(1)} ms (< ${STALL_TARGET_MS} ms: ${met})`,
      );
      console.log(`load average after: ${loadAverage()}`);
    } finally {
      await stopChild(child);
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

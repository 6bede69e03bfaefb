// Scan benchmark: starts the helper in-process on free ports and runs a whole scan over real
// HTTP (session, job, start, status polls, merge, every 1 MiB chunk), timing from session to the
// last byte. Options: --pages N (50), --runs N (3), --format tiff|pdf.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { scanPaths, type ScanFileInfo, type ScanStatusResponse } from '@gs/contract/helper';
import { startHelper } from '@gs/simulator-helper/server';

const arg = (args: string[], name: string, fallback: string): string => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? (args[i + 1] ?? fallback) : fallback;
};

/** the bench plays the client's page: starting scan work needs an allowed Origin (decision 047) */
const ORIGIN = 'http://localhost:1';

async function json<T>(url: string, method = 'GET', body?: unknown): Promise<T> {
  const res = await fetch(url, {
    method,
    headers: body === undefined ? { Origin: ORIGIN } : { Origin: ORIGIN, 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

async function scanOnce(base: string, pages: number, format: string, seed: number) {
  const t0 = performance.now();
  const { SessionID: id } = await json<{ SessionID: string }>(`${base}${scanPaths.sessions}`, 'POST', {
    Seed: seed,
  });
  const job = await json<{ JobID: string }>(`${base}${scanPaths.jobs(id)}`, 'POST', {
    Pages: pages,
    Format: format,
  });
  await json(`${base}${scanPaths.start(id, job.JobID)}`, 'POST');
  let status: ScanStatusResponse;
  do {
    await new Promise((r) => setTimeout(r, 20));
    status = await json<ScanStatusResponse>(`${base}${scanPaths.status(id, job.JobID)}`);
  } while (status.Status === 'Scanning');
  if (status.Status !== 'Completed') throw new Error(`scan ended ${status.Status}: ${status.Message}`);
  const { Files } = await json<{ Files: ScanFileInfo[] }>(`${base}${scanPaths.merge(id, job.JobID)}`, 'POST');
  const file = Files[0];
  if (!file) throw new Error('no file merged');
  let bytes = 0;
  for (let i = 0; i < file.ChunkCount; i++) {
    const res = await fetch(`${base}${scanPaths.file(id, file.Name)}?chunk=${i}`);
    bytes += (await res.arrayBuffer()).byteLength;
  }
  if (bytes !== file.Size) throw new Error(`received ${bytes} of ${file.Size} bytes`);
  await json(`${base}${scanPaths.session(id)}`, 'DELETE');
  return { seconds: (performance.now() - t0) / 1000, bytes, chunks: file.ChunkCount };
}

export async function run(args: string[]): Promise<void> {
  const pages = Number(arg(args, 'pages', '50'));
  const runs = Number(arg(args, 'runs', '3'));
  const format = arg(args, 'format', 'tiff');
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-scan-'));
  // the feeder takes no time: the figure is the simulator's generation and delivery
  const helper = await startHelper({
    dataDir,
    httpPort: 0,
    httpsPort: 0,
    apiPath: 'http://localhost:1/Square9API/',
    signIn: false,
    allowedOrigins: [ORIGIN],
    scanner: { msPerPage: 0 },
  });
  try {
    console.log(
      `scan bench: ${pages} pages, Fujitsu fi-7160 profile (200 dpi bilevel), ${format}, ${runs} runs`,
    );
    for (let r = 1; r <= runs; r++) {
      const { seconds, bytes, chunks } = await scanOnce(helper.httpUrl, pages, format, 1000 + r);
      const mib = bytes / 1_048_576;
      console.log(
        `run ${r}: ${seconds.toFixed(2)} s  ${(pages / seconds).toFixed(1)} pages/s  ${(mib / seconds).toFixed(2)} MiB/s  (${mib.toFixed(2)} MiB in ${chunks} chunks)${r === 1 ? '  [cold: glyph cache drawn]' : ''}`,
      );
    }
  } finally {
    await helper.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

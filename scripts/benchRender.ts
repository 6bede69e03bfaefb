// PDF rendering benchmark (issue 19): 150x150 thumbnails and 150-dpi pages per second through the
// simulator's own services (thumbnails.ts render, pageFiles.ts renderPage), for a sample of the
// demo's PDFs (seeded into a temporary folder unless --data-dir names a seeded one) and for the
// Chromium-printed test fixtures; then the install size the PDF engine adds. The figures of the
// renderer it replaced are in docs/decisions/035-pdf-engine.md. Options: --files N (40), --runs N (2).
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { seedScenario } from '@gs/simulator-fixtures/seed';
import { renderPage } from '@gs/simulator-api/upload/services/pageFiles';
import { render } from '@gs/simulator-api/documents/services/thumbnails';

const arg = (args: string[], name: string, fallback: string): string => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? (args[i + 1] ?? fallback) : fallback;
};

const here = dirname(fileURLToPath(import.meta.url));
const FIXTURES = join(here, '..', 'simulator/api/src/pdf/services/testdata');

async function pdfsUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((e) => e.isFile() && e.name.endsWith('.pdf'))
    .map((e) => join(e.parentPath, e.name))
    .sort();
}

/** The home-made SVG renderer this engine replaced, measured the same way (decision 035). */
const BEFORE: Record<string, number> = {
  'demo thumbnails 150x150': 41.2,
  'demo pages at 150 dpi': 21.6,
  'Chromium thumbnails 150x150': 120.2,
  'Chromium pages at 150 dpi': 25.3,
};

async function rate(label: string, files: string[], runs: number, one: (file: string) => Promise<unknown>) {
  let done = 0;
  let failed = 0;
  const t0 = performance.now();
  for (let r = 0; r < runs; r++)
    for (const f of files)
      await one(f).then(
        () => done++,
        () => failed++,
      );
  const seconds = (performance.now() - t0) / 1000;
  const perSecond = done / seconds;
  console.log(
    `  ${label.padEnd(30)} ${perSecond.toFixed(1).padStart(7)} /s  (${done} in ${seconds.toFixed(2)} s${failed ? `, ${failed} failed` : ''}; before: ${BEFORE[label] ?? '?'} /s)`,
  );
}

function sizeOf(dir: string): number {
  let total = 0;
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const path = join(e.parentPath, e.name);
    total += e.isDirectory() ? sizeOf(path) : statSync(path).size;
  }
  return total;
}

function engineSize(): string {
  try {
    const require = createRequire(join(here, '..', 'simulator/api/package.json'));
    const dir = join(dirname(require.resolve('mupdf')), '..');
    return `${(sizeOf(dir) / 1024 / 1024).toFixed(1)} MiB (node_modules/mupdf)`;
  } catch {
    return 'none (no mupdf installed)';
  }
}

export async function run(args: string[]): Promise<void> {
  const count = Number(arg(args, 'files', '40'));
  const runs = Number(arg(args, 'runs', '2'));
  let dataDir = arg(args, 'data-dir', '');
  const temporary = !dataDir;
  if (temporary) {
    dataDir = mkdtempSync(join(tmpdir(), 'bench-render-'));
    console.log('Seeding the demo scenario for its PDFs...');
    await seedScenario({ dataDir, scenario: 'demo', force: true });
  }
  try {
    const all = await pdfsUnder(join(dataDir, 'files'));
    // an even spread over the demo's archives, not the first folder only
    const step = Math.max(1, Math.floor(all.length / count));
    const demo = all.filter((_f, i) => i % step === 0).slice(0, count);
    const printed = [join(FIXTURES, 'chromium-print.pdf'), join(FIXTURES, 'mixed-pages.pdf')];
    console.log(`PDF rendering: ${demo.length} demo PDFs and the Chromium prints, ${runs} runs each`);
    console.log('  (before: the home-made renderer on the reference machine, decision 035)');
    await rate('demo thumbnails 150x150', demo, runs, (f) => render(f, '.pdf', 150, 150));
    await rate('demo pages at 150 dpi', demo, runs, (f) => renderPage(f, 1));
    await rate('Chromium thumbnails 150x150', printed, runs * 10, (f) => render(f, '.pdf', 150, 150));
    await rate('Chromium pages at 150 dpi', printed, runs * 10, (f) => renderPage(f, 1));
    console.log(`  added install size: ${engineSize()}`);
  } finally {
    if (temporary) rmSync(dataDir, { recursive: true, force: true });
  }
}

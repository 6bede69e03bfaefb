// The JavaScript budget of the web client (issue 11): builds the client into a temporary folder,
// then reads its manifest and fails when the JavaScript needed for the sign-in page or for the
// search screen (/view, the spec's "search screen": archive tree, searches, inboxes) is over
// 200 KB gzip. Counts the largest lazily loaded language too, as a French or German browser loads
// it. Prints both figures, and the results grid's (/results) for information. Run: npx vitest run --project simulator scripts/bundleSize.test.ts
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipBytes, readManifest, screenBytes, staticFiles, type Manifest } from './lib/bundleSize';

const BUDGET = 200 * 1024;
const root = join(dirname(fileURLToPath(import.meta.url)), '..');

/** The routes each screen loads lazily, as the manifest names their modules (client/src/app/routes.tsx). */
const SIGN_IN: string[] = [];
const SEARCH = ['src/features/view/ViewPage.tsx'];
const RESULTS = ['src/features/results/ResultsPage.tsx'];

/** The environment without Vitest's (NODE_ENV=test, MODE, VITEST...), which would make a development build. */
function buildEnv(): NodeJS.ProcessEnv {
  const env = Object.fromEntries(
    Object.entries(process.env).filter(([key]) => !/^(VITEST.*|TEST|MODE|NODE_ENV)$/.test(key)),
  );
  return { ...env, NODE_ENV: 'production' };
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

describe('bundle size', () => {
  let outDir: string;
  let manifest: Manifest;
  let largestLanguage: string[];

  beforeAll(() => {
    outDir = mkdtempSync(join(tmpdir(), 'gs-bundle-'));
    const build = spawnSync(
      'npx',
      ['vite', 'build', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'error'],
      { cwd: join(root, 'client'), encoding: 'utf8', env: buildEnv() },
    );
    if (build.status !== 0) throw new Error(`the client build failed:\n${build.stdout}\n${build.stderr}`);
    manifest = readManifest(outDir);
    const languages = Object.keys(manifest).filter((key) => /(^|\/)_?locale-\w+/.test(key));
    largestLanguage = languages
      .map((key) => [key, gzipBytes(outDir, staticFiles(manifest, [key]))] as const)
      .sort((a, b) => b[1] - a[1])
      .slice(0, 1)
      .map(([key]) => key);
  }, 180_000);
  afterAll(() => rmSync(outDir, { recursive: true, force: true }));

  it('loads each of the six other languages as its own lazy chunk, none of them up front', () => {
    const languages = Object.keys(manifest).filter((key) => /locale-\w+/.test(key));
    expect(languages.map((key) => /locale-(\w+)/.exec(key)?.[1]).sort()).toEqual([
      'de',
      'es',
      'fr',
      'it',
      'nl',
      'pt',
    ]);
    const upFront = staticFiles(manifest, ['index.html']);
    for (const key of languages) expect(upFront.has(manifest[key]?.file ?? '')).toBe(false);
  });

  it('loads the database import wizard as its own chunk, neither up front nor with the console', () => {
    const wizard = manifest['src/features/admin/import/ImportWizard.tsx'];
    expect(wizard?.isDynamicEntry).toBe(true);
    const consoleFiles = staticFiles(manifest, ['src/features/admin/AdminConsolePage.tsx']);
    expect(consoleFiles.size).toBeGreaterThan(0);
    expect(consoleFiles.has(wizard?.file ?? '')).toBe(false);
    expect(staticFiles(manifest, ['index.html']).has(wizard?.file ?? '')).toBe(false);
  });

  it('keeps the sign-in page and the search screen under 200 KB of gzip JavaScript each', () => {
    const signIn = screenBytes(outDir, manifest, SIGN_IN, largestLanguage);
    const search = screenBytes(outDir, manifest, SEARCH, largestLanguage);
    const results = screenBytes(outDir, manifest, RESULTS, largestLanguage);
    console.log(
      `JavaScript, gzip: sign-in page ${kb(signIn)}, search screen ${kb(search)} (budget ${kb(BUDGET)} each);` +
        ` results grid ${kb(results)}`,
    );
    expect(signIn).toBeLessThanOrEqual(BUDGET);
    expect(search).toBeLessThanOrEqual(BUDGET);
  });
});

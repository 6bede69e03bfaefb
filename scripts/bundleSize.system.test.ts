// The JavaScript budget of the web client (issue 11): reads the client's production build in
// client/dist when it is newer than every client source (`npm test` builds it before the system
// tier, decision 059), else builds the client into a temporary folder; then reads its manifest and fails when the JavaScript needed for the sign-in page or for the
// search screen (/view, the spec's "search screen": archive tree, searches, inboxes) is over
// 200 KB gzip (the entry with the largest lazily loaded language, as a French or German browser
// loads it), and that every lazily loaded route of client/src/app/routes.tsx adds at most 200 KB
// gzip to the entry (its chunk and its static imports not already in the entry). Prints, for every
// route, what it adds and the whole screen's JavaScript (entry, language and route).
// Run: npx vitest run --project system scripts/bundleSize.system.test.ts
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  gzipBytes,
  lazyRouteModules,
  readManifest,
  routeOwnFiles,
  screenBytes,
  staticFiles,
  type Manifest,
} from './lib/bundleSize';
import { clientBuildIsStale } from './lib/clientBuild';

const BUDGET = 200 * 1024;
const root = join(dirname(fileURLToPath(import.meta.url)), '..');

/** The routes each screen loads lazily, as the manifest names their modules (client/src/app/routes.tsx). */
const SIGN_IN: string[] = [];
const SEARCH = ['src/features/view/ViewPage.tsx'];
const ROUTES = lazyRouteModules(readFileSync(join(root, 'client/src/app/routes.tsx'), 'utf8'));

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
  let tempDir: string | undefined;
  let manifest: Manifest;
  let largestLanguage: string[];

  beforeAll(() => {
    if (clientBuildIsStale(root)) {
      tempDir = mkdtempSync(join(tmpdir(), 'gs-bundle-'));
      outDir = tempDir;
      const build = spawnSync(
        'npx',
        ['vite', 'build', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'error'],
        { cwd: join(root, 'client'), encoding: 'utf8', env: buildEnv() },
      );
      if (build.status !== 0) throw new Error(`the client build failed:\n${build.stdout}\n${build.stderr}`);
    } else {
      outDir = join(root, 'client', 'dist');
      console.log(`bundle size of the current build in ${outDir}`);
    }
    manifest = readManifest(outDir);
    const languages = Object.keys(manifest).filter((key) => /(^|\/)_?locale-\w+/.test(key));
    largestLanguage = languages
      .map((key) => [key, gzipBytes(outDir, staticFiles(manifest, [key]))] as const)
      .sort((a, b) => b[1] - a[1])
      .slice(0, 1)
      .map(([key]) => key);
  }, 180_000);
  afterAll(() => {
    if (tempDir) rmSync(tempDir, { recursive: true, force: true });
  });

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
    console.log(
      `JavaScript, gzip: sign-in page ${kb(signIn)}, search screen ${kb(search)} (budget ${kb(BUDGET)} each)`,
    );
    expect(signIn).toBeLessThanOrEqual(BUDGET);
    expect(search).toBeLessThanOrEqual(BUDGET);
  });

  it('keeps the JavaScript every lazily loaded route adds to the entry under 200 KB gzip', () => {
    expect(ROUTES.length).toBeGreaterThan(10);
    const lines: string[] = [];
    const over: string[] = [];
    for (const route of ROUTES) {
      const own = gzipBytes(outDir, routeOwnFiles(manifest, route));
      const total = screenBytes(outDir, manifest, [route], largestLanguage);
      lines.push(
        `  ${route.replace(/^src\/features\//, '').padEnd(44)} ${kb(own).padStart(9)} ${kb(total).padStart(10)}`,
      );
      if (own > BUDGET) over.push(`${route} ${kb(own)}`);
    }
    console.log(
      `JavaScript per lazily loaded route, gzip: what it adds to the entry (budget ${kb(BUDGET)}), then the` +
        ` whole screen with the entry and the largest language:\n${lines.join('\n')}`,
    );
    expect(over).toEqual([]);
  });
});

// The JavaScript budget of the web client (issue 11): reads the client's production build in
// client/dist when it is newer than every client source (`npm test` builds it before the system
// tier, decision 059), else builds the client into a temporary folder; then reads its manifest and
// fails when the JavaScript a screen needs before it shows is over 200 KB gzip (issue 32: 5;
// decision 074): the sign-in page, and every lazily loaded route of client/src/app/routes.tsx as a
// whole screen (the entry with its static imports, the largest language as a browser in that
// language loads it (its core, plus the part of its texts a screen of the part loads, decision 079),
// and the route's chunk with its static imports; what a screen loads only when
// asked, a dialog or a panel, is its own lazy chunk and not counted). Prints every route's whole
// screen and what it adds to the entry.
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
  routeTextParts,
  screenBytes,
  staticFiles,
  type Manifest,
} from './lib/bundleSize';
import { clientBuildIsStale } from './lib/clientBuild';

const BUDGET = 200 * 1024;
const root = join(dirname(fileURLToPath(import.meta.url)), '..');

/** The routes each screen loads lazily, as the manifest names their modules (client/src/app/routes.tsx); the search screen (/view, the spec's "search screen") is one of them. */
const SIGN_IN: string[] = [];
const SEARCH = 'src/features/view/ViewPage.tsx';
const ROUTES_SOURCE = readFileSync(join(root, 'client/src/app/routes.tsx'), 'utf8');
const ROUTES = lazyRouteModules(ROUTES_SOURCE);
/** the text parts each route loads with it (<WithTexts>, decision 079) */
const TEXT_PARTS = routeTextParts(ROUTES_SOURCE);

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
  /** each text part's largest language chunk, as a screen of the part loads it (decision 079) */
  let largestPart: Record<string, string | undefined>;

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
    const largestOf = (keys: string[]) =>
      keys
        .map((key) => [key, gzipBytes(outDir, staticFiles(manifest, [key]))] as const)
        .sort((a, b) => b[1] - a[1])[0]?.[0];
    largestPart = Object.fromEntries(
      [...new Set([...TEXT_PARTS.values()].flat())].map((part) => [
        part,
        largestOf(Object.keys(manifest).filter((key) => new RegExp(`(^|/)_?texts-${part}-\\w+`).test(key))),
      ]),
    );
  }, 180_000);
  afterAll(() => {
    if (tempDir) rmSync(tempDir, { recursive: true, force: true });
  });

  it('loads each of the seven languages, English too, as its own lazy chunk, none of them up front', () => {
    const languages = Object.keys(manifest).filter((key) => /locale-\w+/.test(key));
    expect(languages.map((key) => /locale-(\w+)/.exec(key)?.[1]).sort()).toEqual([
      'de',
      'en',
      'es',
      'fr',
      'it',
      'nl',
      'pt',
    ]);
    const upFront = staticFiles(manifest, ['index.html']);
    for (const key of languages) expect(upFront.has(manifest[key]?.file ?? '')).toBe(false);
  });

  it('loads each text part in each language as its own chunk, with the screens that show it only', () => {
    const chunks = Object.keys(manifest).filter((key) => /(^|\/)_?texts-\w+-\w+/.test(key));
    const parts = [...new Set(chunks.map((key) => /texts-(\w+)-\w+/.exec(key)?.[1]))].sort();
    // the administration screens', the bulk dialogs', the batch and indexing screens' and the settings texts (decision 079)
    expect(parts).toEqual(['admin', 'bulk', 'indexing', 'settings']);
    for (const part of parts)
      expect(
        chunks
          .filter((key) => key.includes(`texts-${part}-`))
          .map((key) => /texts-\w+-(\w+)/.exec(key)?.[1])
          .sort(),
      ).toEqual(['de', 'en', 'es', 'fr', 'it', 'nl', 'pt']);
    expect(TEXT_PARTS.get('src/features/admin/AdminConsolePage.tsx')).toEqual(['admin']);
    expect(TEXT_PARTS.get('src/features/batches/BatchesPage.tsx')).toEqual(['indexing']);
    expect(TEXT_PARTS.get('src/features/results/ResultsPage.tsx')).toBeUndefined();
    const files = new Set(chunks.map((key) => manifest[key]?.file));
    for (const route of [...SIGN_IN, ...ROUTES, 'index.html'])
      for (const file of staticFiles(manifest, [route])) expect(files.has(file)).toBe(false);
  });

  it('loads the database import wizard as its own chunk, neither up front nor with the console', () => {
    const wizard = manifest['src/features/admin/import/ImportWizard.tsx'];
    expect(wizard?.isDynamicEntry).toBe(true);
    const consoleFiles = staticFiles(manifest, ['src/features/admin/AdminConsolePage.tsx']);
    expect(consoleFiles.size).toBeGreaterThan(0);
    expect(consoleFiles.has(wizard?.file ?? '')).toBe(false);
    expect(staticFiles(manifest, ['index.html']).has(wizard?.file ?? '')).toBe(false);
  });

  it('keeps the sign-in page under 200 KB of gzip JavaScript', () => {
    const signIn = screenBytes(outDir, manifest, SIGN_IN, largestLanguage);
    console.log(`JavaScript, gzip: sign-in page ${kb(signIn)} (budget ${kb(BUDGET)})`);
    expect(signIn).toBeLessThanOrEqual(BUDGET);
  });

  it('keeps every lazily loaded route, as a whole screen, the results, task and inbox screens too, under 200 KB of gzip JavaScript', () => {
    expect(ROUTES.length).toBeGreaterThan(10);
    expect(ROUTES).toContain(SEARCH);
    const lines: string[] = [];
    const over: string[] = [];
    for (const route of ROUTES) {
      const own = gzipBytes(outDir, routeOwnFiles(manifest, route));
      const texts = (TEXT_PARTS.get(route) ?? []).map(
        (part) => largestPart[part] ?? `texts-${part} is not in the build manifest`,
      );
      const total = screenBytes(outDir, manifest, [route], [...largestLanguage, ...texts]);
      lines.push(
        `  ${route.replace(/^src\/features\//, '').padEnd(44)} ${kb(total).padStart(10)} ${kb(own).padStart(9)}`,
      );
      if (total > BUDGET) over.push(`${route} ${kb(total)}`);
    }
    console.log(
      `JavaScript per lazily loaded route, gzip: the whole screen with the entry and the largest` +
        ` language (budget ${kb(BUDGET)}), then what the route adds to the entry:\n${lines.join('\n')}`,
    );
    expect(over).toEqual([]);
  });
});

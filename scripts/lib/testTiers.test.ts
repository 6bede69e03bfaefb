// The test tiers' naming rule (decision 059), read from the sources: a unit test (any
// `*.test.ts(x)` not named `*.system.test.ts`) neither imports node:child_process nor starts a
// stack (startApi, startHelper, startChildApi, the conformance kit's freshStack, scripts/start.ts), seeds a template
// (ensureTemplate), builds the client (vite build) or drives a browser. The unit projects also make
// child_process throw at run time (unitTier.ts); this check catches what a test only does on some
// path, or starts in-process. The system tier is node-only, so the client has no system tests.
import { describe, expect, it } from 'vitest';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const AREAS = ['client/src', 'contract', 'scripts', 'simulator'];

/** What only a system test may do, each with the words a failure prints. */
const SYSTEM_ONLY: [RegExp, string][] = [
  [/['"](node:)?child_process['"]/, 'imports child_process'],
  [/\b(startApi|startHelper|startChildApi|freshStack)\s*\(/, 'starts a stack'],
  [/scripts\/start(\.ts)?\b/, 'runs scripts/start.ts'],
  [/\bensureTemplate\s*\(/, 'seeds a template'],
  [/\bvite['"]?\s*,?\s*['"]?build\b/, 'builds the client'],
  [/@playwright\/test|\bchromium\./, 'drives a browser'],
];
/** The guard's own test spawns on purpose, to see it refused; this file names what it looks for. */
const ALLOWED = new Set(['scripts/lib/unitTier.test.ts', 'scripts/lib/testTiers.test.ts']);

function testFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (entry.name === 'node_modules' || entry.name === 'dist') return [];
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return testFiles(path);
    return /\.test\.tsx?$/.test(entry.name) ? [relative(root, path)] : [];
  });
}

const files = AREAS.flatMap((area) => testFiles(join(root, area)));
const isSystem = (file: string) => /\.system\.test\.tsx?$/.test(file);

describe('test tiers', () => {
  it('finds the tests of both tiers', () => {
    expect(files.filter(isSystem).length).toBeGreaterThan(5);
    expect(files.filter((f) => !isSystem(f)).length).toBeGreaterThan(100);
  });

  it('keeps processes, stacks, builds and browsers out of the unit tier', () => {
    const found = files
      .filter((file) => !isSystem(file) && !ALLOWED.has(file))
      .flatMap((file) => {
        const source = readFileSync(join(root, file), 'utf8');
        return SYSTEM_ONLY.filter(([pattern]) => pattern.test(source)).map(
          ([, what]) => `${file} ${what}: name it *.system.test.ts`,
        );
      });
    expect(found).toEqual([]);
  });

  it('has no client test in the system tier, which runs in node only', () => {
    expect(files.filter((file) => file.startsWith('client/') && isSystem(file))).toEqual([]);
  });
});

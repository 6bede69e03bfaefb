import { afterEach, describe, expect, it } from 'vitest';
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { clientBuildIsStale } from './clientBuild';

describe('clientBuildIsStale', () => {
  let root = '';
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  /** A root with a build made at t=1000 s and one source file changed at `changedAt`. */
  function project(source: string, changedAt: number): string {
    root = mkdtempSync(join(tmpdir(), 'gs-stale-'));
    for (const dir of ['client/dist', 'client/src', 'client/build', 'contract/src'])
      mkdirSync(join(root, dir), { recursive: true });
    writeFileSync(join(root, 'client/dist/index.html'), '<!doctype html>');
    utimesSync(join(root, 'client/dist/index.html'), 1000, 1000);
    for (const dir of ['client/src', 'client/build', 'contract/src', 'client'])
      utimesSync(join(root, dir), 500, 500);
    writeFileSync(join(root, source), 'x');
    utimesSync(join(root, source), changedAt, changedAt);
    utimesSync(join(root, source, '..'), 500, 500);
    return root;
  }

  it('is fresh when every source is older than the build', () => {
    expect(clientBuildIsStale(project('client/src/main.tsx', 900))).toBe(false);
  });

  it('rebuilds after a change to the build plugins (precompression) as to the sources', () => {
    expect(clientBuildIsStale(project('client/build/precompress.ts', 1100))).toBe(true);
    rmSync(root, { recursive: true, force: true });
    expect(clientBuildIsStale(project('client/src/main.tsx', 1100))).toBe(true);
  });
});

// A leftover file that is already gone is fine; one that cannot be removed is logged once, with
// what it was, instead of vanishing (decision 060).
import { mkdtempSync, rmSync, writeFileSync, existsSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { removeLeftover } from './leftovers';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'gs-leftovers-'));
});
afterEach(() => {
  vi.restoreAllMocks();
  rmSync(dir, { recursive: true, force: true });
});

describe('removeLeftover', () => {
  it('removes the file, and says nothing when it is already gone', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const file = join(dir, 'partial.pdf');
    writeFileSync(file, 'x');
    await removeLeftover(file, 'The partial rotation');
    expect(existsSync(file)).toBe(false);
    await removeLeftover(file, 'The partial rotation');
    expect(warn).not.toHaveBeenCalled();
  });

  it('logs once, naming the file and why, when it cannot be removed', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const notAFile = join(dir, 'a-folder');
    mkdirSync(notAFile);
    await removeLeftover(notAFile, 'The file the merge replaced');
    expect(warn).toHaveBeenCalledTimes(1);
    expect(String(warn.mock.calls[0]?.[0])).toMatch(
      new RegExp(`^The file the merge replaced ${notAFile} was not removed: E(ISDIR|PERM)`),
    );
  });
});

// Listing an inbox folder while another request moves its files away (inboxFiles.ts listFiles).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { listFiles } from './inboxFiles';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function folderWith(names: string[]): string {
  const dir = mkdtempSync(join(tmpdir(), 'gs-inbox-list-'));
  dirs.push(dir);
  for (const name of names) writeFileSync(join(dir, name), name);
  return dir;
}

describe('listFiles', () => {
  it('leaves out a file another request removed between the listing and its stat', async () => {
    const dir = folderWith(['a.pdf', 'b.tif', 'c.pdf']);
    // b.tif is moved away after readdir named it, as a job group's move does while the page lists
    const racing: typeof stat = (async (path: string) => {
      if (path.endsWith('b.tif')) await rm(path);
      return stat(path);
    }) as typeof stat;
    const files = await listFiles(dir, racing);
    expect(files.map((f) => f.name).sort()).toEqual(['a.pdf', 'c.pdf']);
  });

  it('still fails on any other error of a file', async () => {
    const dir = folderWith(['a.pdf']);
    const broken: typeof stat = (async () => {
      throw Object.assign(new Error('EIO: i/o error'), { code: 'EIO' });
    }) as typeof stat;
    await expect(listFiles(dir, broken)).rejects.toThrow('EIO');
  });

  it('lists every plain file with its size, and nothing for a folder not made yet', async () => {
    const dir = folderWith(['one.pdf', '.hidden']);
    expect(await listFiles(dir)).toEqual([
      expect.objectContaining({ name: 'one.pdf', ext: '.pdf', size: 7 }),
    ]);
    expect(await listFiles(join(dir, 'missing'))).toEqual([]);
  });
});

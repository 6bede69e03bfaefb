import { mkdtempSync, rmSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { hideDataDir, inboxFullPath, publicMessage } from './serverPaths';

let dataDir = '';
afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

describe('server paths in answers', () => {
  it("names a missing file relative to the data folder in an error's message", async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'gs-paths-'));
    const error: unknown = await readFile(join(dataDir, 'files', '1', '2', 'a.pdf')).catch((e: unknown) => e);
    const message = publicMessage(error, dataDir);
    expect(message).toMatch(/^ENOENT: no such file or directory, open 'files[/\\]1[/\\]2[/\\]a\.pdf'$/);
    expect(message).not.toContain(dataDir);
    expect(hideDataDir(`copy ${dataDir} to ${join(dataDir, 'x')}`, `${dataDir}/`)).toBe('copy . to x');
  });

  it("shows an inbox file as the inbox's configured path and its name", () => {
    expect(inboxFullPath('scans', 'a.pdf')).toBe('scans\\a.pdf');
    expect(inboxFullPath('AP Intake/2025\\', 'b c.tif')).toBe('AP Intake\\2025\\b c.tif');
  });
});

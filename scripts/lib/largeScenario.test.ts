import { afterEach, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { seedScenario } from '@gs/simulator-fixtures/seed';
import { ensureLarge } from './largeScenario';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('ensureLarge', () => {
  it('refuses a data folder seeded with another scenario, and leaves it as it was', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'gs-large-'));
    dirs.push(dataDir);
    await seedScenario({ dataDir, scenario: 'empty' });
    await expect(ensureLarge(dataDir)).rejects.toThrow(`${dataDir} holds the 'empty' scenario`);
    await expect(ensureLarge(dataDir)).rejects.toThrow("give --data-dir a folder for 'large'");
  });
});

// The unit tier refuses child processes (decision 059): a test here that started one fails.
import { describe, expect, it } from 'vitest';
import { execFileSync, fork, spawn, spawnSync } from 'node:child_process';
import * as childProcess from 'node:child_process';

describe('the unit tier', () => {
  it('makes every node:child_process starter throw, whichever way the test imports it', () => {
    expect(() => spawn(process.execPath, ['-e', '0'])).toThrow(/name its file \*\.system\.test\.ts/);
    expect(() => spawnSync(process.execPath, ['-e', '0'])).toThrow(/child_process\.spawnSync/);
    expect(() => execFileSync(process.execPath, ['-e', '0'])).toThrow(/child_process\.execFileSync/);
    expect(() => fork('-e')).toThrow(/child_process\.fork/);
    expect(() => childProcess.exec('true')).toThrow(/child_process\.exec/);
  });
});

// A password pattern that a backtracking engine runs in exponential time (`^(\w+\s?)*$`), saved by
// an administrator, then a self password change with a 40-character password it refuses, against
// an API in a child process: the change is refused with the rule's message while the server goes on
// answering others (RE2, as a field's RegEx: decision 046). On RegExp the change held the process
// for hours, so this test then ran into its time limit instead of getting any answer.
import { afterAll, describe, expect, it } from 'vitest';
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PASSWORD_POLICY_PATH } from '@gs/contract/account';
import { openDatabase } from '../../db/connection';
import { basicSender, startChildApi } from '../../testing/childApiProcess';
import { PASSWORD, seedWorld } from '../../testing/testApp';

const dirs: string[] = [];
const children: ChildProcess[] = [];
afterAll(() => {
  for (const c of children) c.kill('SIGKILL');
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

describe('a password pattern that backtracks exponentially', () => {
  it('checks a 40-character password at once and keeps serving', { timeout: 60_000 }, async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'gs-password-redos-'));
    dirs.push(dataDir);
    const db = openDatabase(join(dataDir, 'simulator.sqlite'));
    seedWorld(db);
    db.close();
    const { child, port } = await startChildApi(dataDir);
    children.push(child);
    const send = basicSender(port, PASSWORD);

    const saved = await send('SSAdministrator', 'PUT', PASSWORD_POLICY_PATH, {
      Pattern: String.raw`^(\w+\s?)*$`,
      Message: 'Words with single spaces.',
    });
    expect(saved.status).toBe(200);

    const change = (password: string) =>
      send('full.user', 'POST', 'users?isSelfPasswordChange=true', { password, currentPassword: PASSWORD });
    const [refused, other] = await Promise.all([
      change(`${'a'.repeat(39)}!`),
      send('SSAdministrator', 'GET', 'dbs'),
    ]);
    expect(other.status).toBe(200);
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { MessageDetail: string }).MessageDetail).toBe(
      'Words with single spaces.',
    );
    expect((await change('Open Sesame of the North Sea Region today')).status).toBe(200);
  });
});

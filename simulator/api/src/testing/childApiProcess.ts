// Starts childApi.ts (a stand-alone API on a data folder) in a child process, for tests that kill
// the server with SIGKILL mid-job and then check what the database kept.
import { spawn, type ChildProcess } from 'node:child_process';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const childScript = resolve(fileURLToPath(new URL('.', import.meta.url)), 'childApi.ts');

/** The API's process and the port it listens on (127.0.0.1), once it is listening. */
export function startChildApi(dataDir: string): Promise<{ child: ChildProcess; port: number }> {
  const child = spawn(process.execPath, ['--import', 'tsx', childScript, dataDir], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((done, fail) => {
    let out = '';
    child.stdout?.on('data', (c: Buffer) => {
      out += c.toString();
      const m = /PORT (\d+)/.exec(out);
      if (m) done({ child, port: Number(m[1]) });
    });
    child.once('exit', (code) => fail(new Error(`the API exited early (${String(code)})`)));
  });
}

/** Calls `path` of the child's Square9API as `user` with Basic credentials, a JSON body if given. */
export function basicSender(port: number, password: string) {
  const api = `http://127.0.0.1:${port}/Square9API/api/`;
  return (user: string, method: string, path: string, body?: unknown): Promise<Response> =>
    fetch(`${api}${path}`, {
      method,
      headers: {
        Authorization: `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`,
        'Content-Type': 'application/json',
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
}

// A browser that leaves a file half-fetched (a navigation cancels a script, PDF.js aborts a range)
// is no fault of the server's: it gets no answer and leaves nothing in the log. Before, every such
// abort of the built client's files went through the error handler's 500 and printed
// "Error: Request aborted" with its stack, about twenty of them per e2e run.
import { createServer, type Server } from 'node:http';
import { connect } from 'node:net';
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { makeTestApp } from '../testing/testApp';

let dir: string;
let server: Server;
let port: number;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'gs-gone-'));
  mkdirSync(join(dir, 'assets'));
  writeFileSync(join(dir, 'index.html'), '<!doctype html><title>GS</title>');
  writeFileSync(join(dir, 'assets', 'big-1a2b3c.js'), Buffer.alloc(8 << 20, 0x20));
  server = createServer(makeTestApp({ clientDir: dir }).app);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as { port: number }).port;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  rmSync(dir, { recursive: true, force: true });
});

/** asks for `path` and goes away as soon as the request is written */
function askAndLeave(path: string): Promise<void> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1', () => {
      socket.write(`GET ${path} HTTP/1.1\r\nHost: localhost\r\n\r\n`, () => socket.destroy());
    });
    socket.on('close', () => resolve());
  });
}

it('a client that leaves before or while a file is sent gets no answer and no log line', async () => {
  const errors = vi.spyOn(console, 'error');
  const warnings = vi.spyOn(console, 'warn');
  for (let i = 0; i < 40; i++) await askAndLeave('/assets/big-1a2b3c.js');
  // the server notices each socket's end on its next turns
  await new Promise((resolve) => setTimeout(resolve, 200));
  expect(errors.mock.calls.map((c) => String(c[0]))).toEqual([]);
  expect(warnings.mock.calls.map((c) => String(c[0]))).toEqual([]);
});

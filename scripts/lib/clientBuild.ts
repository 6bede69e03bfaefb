// Decides whether the client's production build is older than its sources, and builds it.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';

const SOURCES = [
  'client/src',
  'client/public',
  'client/index.html',
  'client/vite.config.ts',
  'client/build',
  'contract/src',
];

function newestMtime(path: string): number {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(path).reduce((max, name) => Math.max(max, newestMtime(join(path, name))), stat.mtimeMs);
}

export function clientBuildIsStale(root: string): boolean {
  const built = join(root, 'client', 'dist', 'index.html');
  if (!existsSync(built)) return true;
  const builtAt = statSync(built).mtimeMs;
  return SOURCES.some((s) => newestMtime(join(root, s)) > builtAt);
}

export function buildClient(root: string): void {
  const result = spawnSync('npm', ['run', 'build', '-w', '@gs/client'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) throw new Error('The client build failed.');
}

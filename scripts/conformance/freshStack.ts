// A fresh simulator for the kit's system tests: a copy of the seeded demo template in a temporary
// data folder, the API started in-process on a free port with the real server's permissive CORS
// (CORS_ORIGINS=*; the simulator's default answers only its own origin, decision 008).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startApi } from '@gs/simulator-api/server';
import { copyTemplate, ensureTemplate } from '../lib/templates';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');

export interface FreshStack {
  /** the API base, …/Square9API/api/ */
  url: string;
  close(): Promise<void>;
}

export async function freshStack(): Promise<FreshStack> {
  const template = join(root, 'data-templates', 'demo');
  await ensureTemplate(root, 'demo', template, () => {});
  const dataDir = mkdtempSync(join(tmpdir(), 'gs-conformance-'));
  await copyTemplate(template, dataDir);
  const api = await startApi({ port: 0, host: '127.0.0.1', dataDir, config: { corsOrigins: '*' } });
  return {
    url: `http://127.0.0.1:${api.port}/Square9API/api/`,
    close: async () => {
      await api.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

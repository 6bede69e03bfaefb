// A Vite build plugin that writes a brotli (.br) and a gzip (.gz) copy beside every compressible
// file of the build, so a static server can send them without compressing on each request
// (the simulator does: simulator/api/src/http/staticClient.ts). Made with node:zlib at the
// highest levels, since it runs once per build; a copy no smaller than its file is left out.
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|txt|wasm)$/;
/** Below this a file gains nothing worth a second request path. */
const MIN_BYTES = 1024;

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const nested = await Promise.all(
    entries
      .filter((e) => !e.name.startsWith('.'))
      .map((e) => (e.isDirectory() ? filesUnder(join(dir, e.name)) : Promise.resolve([join(dir, e.name)]))),
  );
  return nested.flat();
}

async function compressFile(path: string): Promise<void> {
  const content = await readFile(path);
  if (content.length < MIN_BYTES) return;
  const [br, gzipped] = await Promise.all([
    brotli(content, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
      },
    }),
    gz(content, { level: constants.Z_BEST_COMPRESSION }),
  ]);
  await Promise.all([
    br.length < content.length ? writeFile(`${path}.br`, br) : undefined,
    gzipped.length < content.length ? writeFile(`${path}.gz`, gzipped) : undefined,
  ]);
}

export function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'gs-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const files = (await filesUnder(outDir)).filter((f) => COMPRESSIBLE.test(f));
      await Promise.all(files.map(compressFile));
    },
  };
}

// Vite build and dev server of the web client, plus its Vitest project (`client`, happy-dom).
// The dev server proxies the API and config.json to the simulator (API_PORT, default 8080).
// The build writes a manifest (.vite/manifest.json, read by the bundle-size test), brotli and
// gzip copies of its files (build/precompress.ts) and one chunk per language's translations.
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { precompress } from './build/precompress.ts';
import { localeBundleChunk, localeBundles } from './build/localeBundles.ts';
import { textPartOf } from './src/app/textParts.ts';

const LAZY_LOCALE = /\/locales\/(\w+)\/(?!language\.json$)[^/]+\.json$/;

/** `locale-fr` for French's core texts, `texts-admin-fr` for its part `admin`; null for other modules. */
function localeChunk(id: string): string | null {
  const language = LAZY_LOCALE.exec(id)?.[1];
  if (!language) return localeBundleChunk(id);
  const part = textPartOf(id);
  return part ? `texts-${part}-${language}` : `locale-${language}`;
}

const apiTarget = `http://127.0.0.1:${process.env.API_PORT ?? '8080'}`;

export default defineConfig({
  plugins: [react(), precompress(), localeBundles()],
  // CLIENT_BASE lets the build live under a sub-path of a real server, e.g. /square9web/.
  base: process.env.CLIENT_BASE ?? '/',
  server: {
    host: '127.0.0.1',
    proxy: {
      '/Square9API': { target: apiTarget, changeOrigin: false },
      '/config.json': { target: apiTarget, changeOrigin: false },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    manifest: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // a language's feature files (locales/<lang>/*.json) load together, as one chunk when it is
          // chosen, English too; every language's own name (language.json) stays in the main
          // bundle (client/src/app/i18n.ts; decision 074); the files of a part (the administration
          // screens' texts, src/app/textParts.ts) are a chunk of their own per language (decision 079)
          groups: [{ name: localeChunk }],
        },
      },
    },
  },
  test: {
    name: 'client',
    environment: 'happy-dom',
    include: ['src/**/*.test.{ts,tsx}'],
    // the unit tier's guard (decision 059): a client test may start no process
    setupFiles: ['src/test/setup.ts', '../scripts/lib/unitTierSetup.ts'],
    restoreMocks: true,
    unstubGlobals: true,
    // one module graph and one happy-dom window per worker, not per file (decision 071): a file's
    // set-up (happy-dom, React, i18next and its translations) was three quarters of the tier's CPU.
    // src/test/setup.ts gives every test a fresh DOM, storage, cookies and address
    isolate: false,
    // a file's first test pays for happy-dom, the first render and the lazy translations; on a
    // loaded two-core machine (two workers, decision 041) that alone can pass Vitest's 5 s default
    testTimeout: 15000,
  },
});

// Vite build and dev server of the web client, plus its Vitest project (`client`, happy-dom).
// The dev server proxies the API and config.json to the simulator (API_PORT, default 8080).
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

const apiTarget = `http://127.0.0.1:${process.env.API_PORT ?? '8080'}`;

export default defineConfig({
  plugins: [react()],
  // CLIENT_BASE lets the build live under a sub-path of a real server, e.g. /square9web/.
  base: process.env.CLIENT_BASE ?? '/',
  server: {
    host: '127.0.0.1',
    proxy: {
      '/Square9API': { target: apiTarget, changeOrigin: false },
      '/config.json': { target: apiTarget, changeOrigin: false },
    },
  },
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: true },
  test: {
    name: 'client',
    environment: 'happy-dom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/test/setup.ts'],
    restoreMocks: true,
  },
});

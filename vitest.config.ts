// Vitest projects in two tiers (decision 059):
// - unit: `client` (happy-dom, the client's own Vite config: client/vite.config.ts carries its
//   `test` block) and `simulator` (node: simulator, scripts, contract): every `*.test.ts(x)` that
//   is not a `*.system.test.ts`. They start no process (scripts/lib/unitTierSetup.ts makes
//   node:child_process throw), no stack, no build and no browser; supertest on the in-memory app
//   is fine. Run: npm run unit (the two projects as two Vitest runs side by side, decision 090)
// - system: `system` (node): every `*.system.test.ts`: child processes, whole stacks, SIGKILL
//   crash tests, the fuzz run, the bundle size of the client build. Run: npm run system
// Workers: Vitest's default is one fewer than the cores, which on CI's two cores is a single
// worker; most of the simulator's tests wait on sockets, child processes and the disk, so two
// workers there finish the run in far less time (decision 041).
import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

const NODE_TESTS = ['simulator/**/*.test.ts', 'scripts/**/*.test.ts', 'contract/**/*.test.ts'];
const SYSTEM_TESTS = NODE_TESTS.map((glob) => glob.replace(/\.test\.ts$/, '.system.test.ts'));

export default defineConfig({
  test: {
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      './client',
      {
        test: {
          name: 'simulator',
          environment: 'node',
          include: NODE_TESTS,
          exclude: ['**/node_modules/**', ...SYSTEM_TESTS],
          setupFiles: ['scripts/lib/unitTierSetup.ts'],
          // one module graph per worker, not per file: importing the app and seeding the shared
          // world (testing/testApp.ts) once per worker instead of once per file halves the tier's
          // CPU time (decision 059); every test still builds its own in-memory database
          isolate: false,
          testTimeout: 20000,
        },
      },
      {
        test: {
          name: 'system',
          environment: 'node',
          include: SYSTEM_TESTS,
          testTimeout: 20000,
        },
      },
    ],
  },
});

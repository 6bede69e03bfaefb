// Vitest projects: the simulator and scripts run in Node; the client runs in happy-dom with the
// client's own Vite config (client/vite.config.ts carries its `test` block).
// Workers: Vitest's default is one fewer than the cores, which on CI's two cores is a single
// worker; most of the simulator's tests wait on sockets, child processes and the disk, so two
// workers there finish the run in far less time (decision 041).
import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      './client',
      {
        test: {
          name: 'simulator',
          environment: 'node',
          include: ['simulator/**/*.test.ts', 'scripts/**/*.test.ts', 'contract/**/*.test.ts'],
          testTimeout: 20000,
        },
      },
    ],
  },
});

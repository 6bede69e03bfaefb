// Vitest projects: the simulator and scripts run in Node; the client runs in happy-dom with the
// client's own Vite config (client/vite.config.ts carries its `test` block).
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
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

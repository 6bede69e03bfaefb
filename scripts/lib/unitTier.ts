// The unit tier's guard (decision 059): `npm run unit` runs every `*.test.ts(x)` that is not a
// `*.system.test.ts`, and such a test may start no process. This setup file of the unit projects
// (vitest.config.ts, client/vite.config.ts) replaces node:child_process's starters with functions
// that throw, so a unit test that spawns a stack, a build, a browser or an `[SQL]` list's child
// fails at once with the name of the fix: move it to a `*.system.test.ts` file.
import { createRequire, syncBuiltinESMExports } from 'node:module';

const STARTERS = ['spawn', 'spawnSync', 'fork', 'exec', 'execSync', 'execFile', 'execFileSync'] as const;

export const UNIT_TIER_REFUSAL =
  'a unit test may not start a process: name its file *.system.test.ts (decision 059)';

/** Makes every child_process starter of this worker throw; `import` bindings follow (syncBuiltinESMExports). */
export function refuseChildProcesses(): void {
  const childProcess = createRequire(import.meta.url)('node:child_process') as Record<string, unknown>;
  for (const name of STARTERS) {
    childProcess[name] = () => {
      throw new Error(`child_process.${name}: ${UNIT_TIER_REFUSAL}`);
    };
  }
  syncBuiltinESMExports();
}

// Starts the whole system on one URL (scripts/lib/startSystem.ts). Run: npm start (npm run dev:
// Vite's dev server with reload). The environment is parsed first, by the one schema
// (docs/configuration.md, decision 060): a bad value stops here with exit code 2, before the
// system's modules load and before anything is seeded or listened on.
import { loadConfig } from '@gs/simulator-config/load';

const config = loadConfig(process.env);
const { startSystem } = await import('./lib/startSystem');
try {
  await startSystem(config, process.env, process.argv.slice(2));
} catch (err) {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
}

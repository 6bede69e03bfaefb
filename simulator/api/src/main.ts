// Runs the Square9API simulator: reads the environment, opens ${DATA_DIR}/simulator.sqlite, listens.
// Run: npx tsx simulator/api/src/main.ts   (the variables: docs/configuration.md, decision 060)
import { loadConfig } from '@gs/simulator-config/load';
import { startApi } from './server';
import { apiStartOptions } from './startOptions';

const api = await startApi(apiStartOptions(loadConfig(process.env)));
console.log(`Square9API simulator listening on ${api.url} (API at ${api.url}Square9API/api/)`);

const stop = (): void => {
  api.close().then(
    () => process.exit(0),
    (err: unknown) => {
      console.error(err);
      process.exit(1);
    },
  );
};
process.once('SIGINT', stop);
process.once('SIGTERM', stop);

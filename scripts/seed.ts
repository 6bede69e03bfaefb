// Seeds a simulator data folder with a scenario (demo company, empty server, or 1M-document archive).
// Run: npm run seed -- --scenario demo|empty|large [--data-dir ./data] [--force] [--documents N]
// (--documents: that many documents instead of the scenario's own, e.g. a smaller large scenario)
// or, to make a scenario template from a running GlobalSearch server (fromServer/cli.ts):
// npm run seed -- --from-server URL --user NAME --scenario NAME [--documents N | --synthesize N]
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { SCENARIOS, seedScenario } from '@gs/simulator-fixtures/seed';
import type { ScenarioName } from '@gs/simulator-fixtures/seed';
import { loadConfig } from '@gs/simulator-config/load';

const config = loadConfig(process.env);

const fromServer = process.argv.slice(2).some((a) => a === '--from-server' || a.startsWith('--from-server='));

const { values } = parseArgs({
  // the --from-server options are fromServer/cli.ts's to check
  args: fromServer ? [] : process.argv.slice(2),
  options: {
    scenario: { type: 'string', default: config.SCENARIO },
    'data-dir': { type: 'string', default: config.DATA_DIR },
    force: { type: 'boolean', default: false },
    documents: { type: 'string' },
    help: { type: 'boolean', short: 'h', default: false },
  },
});

const usage =
  'Usage: npm run seed -- --scenario demo|empty|large [--data-dir ./data] [--force] [--documents N]';
const isScenario = (s: string): s is ScenarioName => (SCENARIOS as readonly string[]).includes(s);

async function main(): Promise<void> {
  if (fromServer) {
    const { fromServerMain } = await import('./fromServer/cli');
    return fromServerMain(process.argv.slice(2), config);
  }
  if (values.help) {
    console.log(usage);
    return;
  }
  if (!isScenario(values.scenario)) throw new Error(`Unknown scenario '${values.scenario}'.\n${usage}`);
  const documents = values.documents === undefined ? undefined : Number(values.documents);
  if (documents !== undefined && !(Number.isSafeInteger(documents) && documents > 0))
    throw new Error(`--documents takes a whole number above 0, not '${values.documents}'.\n${usage}`);
  const dataDir = resolve(values['data-dir']);
  console.log(`Seeding '${values.scenario}' into ${dataDir}${values.force ? ' (force)' : ''}...`);
  const summary = await seedScenario({
    dataDir,
    scenario: values.scenario,
    force: values.force,
    documentCount: documents,
    log: (line) => console.log(`  ${line}`),
  });
  const { timings, ...rest } = summary;
  console.table(rest);
  console.log(
    `Phases (s): ${Object.entries(timings)
      .map(([k, v]) => `${k} ${v}`)
      .join(', ')}`,
  );
  console.log(`Seeded '${summary.scenario}' in ${summary.seconds.toFixed(1)} s.`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});

// Resets the training room of a running simulator (npm start with TRAINER_PASSWORD), or switches
// it to another scenario, without a restart: every browser is signed out, every licence dropped.
// Run from a second terminal: npm run reset [-- --scenario NAME] [--url http://localhost:8080/]
// (env TRAINER_PASSWORD, the running simulator's; PORT when --url is not given)
import { parseArgs } from 'node:util';
import { TRAINER_USER, trainerPaths, type TrainerLoadResponse } from '@gs/contract/trainer';
import { loadConfig } from '@gs/simulator-config/load';

const config = loadConfig(process.env);

const { values } = parseArgs({
  options: {
    scenario: { type: 'string' },
    url: { type: 'string', default: `http://localhost:${config.PORT}/` },
    help: { type: 'boolean', short: 'h', default: false },
  },
});

const usage = 'Usage: TRAINER_PASSWORD=... npm run reset [-- --scenario NAME] [--url http://localhost:8080/]';

async function main(): Promise<void> {
  if (values.help) {
    console.log(usage);
    return;
  }
  const password = config.TRAINER_PASSWORD;
  if (!password) throw new Error(`TRAINER_PASSWORD must be set (the running simulator's).\n${usage}`);
  const path = values.scenario ? trainerPaths.scenario : trainerPaths.reset;
  const body = values.scenario ? { Scenario: values.scenario } : {};
  console.log(values.scenario ? `Switching to '${values.scenario}'...` : 'Resetting the room...');
  let res: Response;
  try {
    res = await fetch(new URL(path, values.url), {
      method: 'POST',
      headers: {
        Authorization: `Basic ${Buffer.from(`${TRAINER_USER}:${password}`).toString('base64')}`,
        'Content-Type': 'application/json',
      },
      body: JSON.stringify(body),
    });
  } catch (error) {
    throw new Error(`No simulator answers at ${values.url} (${String(error)}). Is npm start running?`, {
      cause: error,
    });
  }
  const answer = (await res.json().catch(() => ({}))) as Partial<TrainerLoadResponse> & {
    Message?: string;
    MessageDetail?: string;
  };
  if (res.status === 404)
    throw new Error(`The trainer page is off at ${values.url}: start it with TRAINER_PASSWORD set.`);
  if (!res.ok) throw new Error(`${res.status}: ${answer.MessageDetail ?? answer.Message ?? 'failed'}`);
  console.log(
    `'${answer.Scenario}' loaded in ${answer.Ms} ms${answer.Seeded ? ' (its template was seeded first)' : ''}; every browser is signed out.`,
  );
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});

// The command line of `npm run seed -- --from-server URL --user NAME …` (scripts/seed.ts hands it
// over): options, the password prompt's fallbacks, progress lines and the closing summary.
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { askPassword } from '../conformance/main';
import { seedFromServer, type FromServerSummary } from './seedFromServer';
import type { SimConfig } from '@gs/simulator-config/variables';

export const FROM_SERVER_USAGE = `Usage: npm run seed -- --from-server https://server/Square9API/api/ --user NAME
         [--password PASSWORD (else env SEED_SOURCE_PASSWORD, else asked)] --scenario NAME
         [--documents N | --synthesize N] [--user-password PASSWORD (default Demo@1234)]
         [--templates-dir ./data-templates] [--concurrency 4] [--force] [--insecure]`;

const count = (name: string, raw: string | undefined): number => {
  if (raw === undefined) return 0;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 0 || n > 1_000_000)
    throw new Error(`--${name} must be a whole number, got '${raw}'.`);
  return n;
};

export function printSummary(s: FromServerSummary, log: (line: string) => void = console.log): void {
  log(
    `\nScenario '${s.scenario}' written to ${s.dir} in ${s.seconds.toFixed(1)} s (${s.requests} requests, ${s.backoffs} back-offs).`,
  );
  log(
    `  ${s.databases} databases, ${s.archives} archives, ${s.fields} fields, ${s.lists} lists, ${s.searches} searches, ` +
      `${s.users} users, ${s.groups} groups, ${s.inboxes} inboxes, ${s.documents} documents`,
  );
  if (s.leftOut.length) {
    log('Left out:');
    for (const l of s.leftOut) log(`  - ${l.part}: ${l.reason}`);
  }
  log(
    `Start it: SCENARIO=${s.scenario} npm start   (or TRAINER_PASSWORD=… npm start, then npm run reset -- --scenario ${s.scenario})`,
  );
}

export async function fromServerMain(argv: string[], config: SimConfig): Promise<void> {
  const { values } = parseArgs({
    args: argv,
    options: {
      'from-server': { type: 'string' },
      user: { type: 'string' },
      password: { type: 'string' },
      scenario: { type: 'string' },
      documents: { type: 'string' },
      synthesize: { type: 'string' },
      'user-password': { type: 'string', default: 'Demo@1234' },
      'templates-dir': { type: 'string', default: config.TEMPLATES_DIR ?? './data-templates' },
      concurrency: { type: 'string', default: '4' },
      force: { type: 'boolean', default: false },
      insecure: { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  if (values.help) return void console.log(FROM_SERVER_USAGE);
  const url = values['from-server'];
  const user = values.user;
  if (!url || !user || !values.scenario)
    throw new Error(`--from-server, --user and --scenario are needed.\n${FROM_SERVER_USAGE}`);
  // a server with a self-signed certificate, on request only (as the conformance kit)
  if (values.insecure) process.env.NODE_TLS_REJECT_UNAUTHORIZED = '0';
  const password = values.password ?? config.SEED_SOURCE_PASSWORD ?? (await askPassword());
  const summary = await seedFromServer({
    url,
    user,
    password,
    scenario: values.scenario,
    userPassword: values['user-password'],
    templatesDir: resolve(values['templates-dir']),
    documents: count('documents', values.documents),
    synthesize: count('synthesize', values.synthesize),
    concurrency: Math.max(1, count('concurrency', values.concurrency)),
    force: values.force,
    log: (line) => console.log(`  ${line}`),
  });
  printSummary(summary);
}

// npm run conformance -- --url https://server/Square9API/api/ --user NAME [--password …]
//   [--database NAME] [--write] [--record FILE] [--compare FILE] [--insecure]
// Runs the Square9API wire checks against any server and prints the table (decision 057).
// Exit code 1 when a check fails (pending ones excepted) or --compare finds a difference.
import { readFileSync, writeFileSync } from 'node:fs';
import { createInterface } from 'node:readline/promises';
import { parseArgs } from 'node:util';
import { loadConfig } from '@gs/simulator-config/load';
import type { SimConfig } from '@gs/simulator-config/variables';
import { compareRecordings, formatDifferences } from './compare';
import { runKit } from './kit';
import type { Recording } from './record';
import { countOf, formatTable } from './table';

export const USAGE =
  'usage: npm run conformance -- --url https://server/Square9API/api/ --user NAME [--password PASSWORD]\n' +
  '       [--database NAME] [--write] [--record FILE] [--compare FILE] [--insecure]\n' +
  '  The password may also come from CONFORMANCE_PASSWORD, else it is asked for.';

/** The password from the terminal (the seed from a server asks the same way). */
export async function askPassword(): Promise<string> {
  const rl = createInterface({ input: process.stdin, output: process.stderr });
  try {
    return await rl.question('Password: ');
  } finally {
    rl.close();
  }
}

export async function main(
  argv: string[],
  out: (text: string) => void = console.log,
  config: Pick<SimConfig, 'CONFORMANCE_PASSWORD'> = { CONFORMANCE_PASSWORD: undefined },
): Promise<number> {
  const { values } = parseArgs({
    args: argv,
    options: {
      url: { type: 'string' },
      user: { type: 'string' },
      password: { type: 'string' },
      database: { type: 'string' },
      write: { type: 'boolean', default: false },
      record: { type: 'string' },
      compare: { type: 'string' },
      insecure: { type: 'boolean', default: false },
      help: { type: 'boolean', default: false },
    },
  });
  if (values.help || !values.url || !values.user) {
    out(USAGE);
    return values.help ? 0 : 2;
  }
  // a server with a self-signed certificate, on request only
  if (values.insecure) process.env.NODE_TLS_REJECT_UNAUTHORIZED = '0';
  const password = values.password ?? config.CONFORMANCE_PASSWORD ?? (await askPassword());
  const run = await runKit({
    url: values.url,
    user: values.user,
    password,
    database: values.database,
    write: values.write,
  });
  out(formatTable(run.results));
  let code = countOf(run.results).fail > 0 ? 1 : 0;
  if (values.record) {
    writeFileSync(values.record, `${JSON.stringify(run.recording, null, 2)}\n`);
    out(
      `Recorded ${run.recording.exchanges.length} exchanges (tokens and secrets masked) in ${values.record}.`,
    );
  }
  if (values.compare) {
    const recording = JSON.parse(readFileSync(values.compare, 'utf8')) as Recording;
    const diffs = compareRecordings(recording, run.recording);
    out(formatDifferences(diffs));
    if (diffs.length > 0) code = 1;
  }
  return code;
}

if (process.argv[1] && import.meta.url.endsWith(process.argv[1].split('/').pop() ?? '\0')) {
  main(process.argv.slice(2), console.log, loadConfig(process.env)).then(
    (code) => process.exit(code),
    (err: unknown) => {
      console.error(err instanceof Error ? err.message : err);
      process.exit(2);
    },
  );
}

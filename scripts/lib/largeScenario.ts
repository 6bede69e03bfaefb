// The benches' data folder for the large scenario (1,000,000 invoices, 100,000 workflow tasks), or
// the demo for short runs: seeded once, then reused by every bench run given the same --data-dir.
import { resolve } from 'node:path';
import Database from 'better-sqlite3';
import { isSeeded, seedScenario } from '@gs/simulator-fixtures/seed';

/** Seeds the large scenario into `dataDir` unless it is there; throws when the folder holds another one. */
export async function ensureLarge(dataDir: string): Promise<void> {
  if (isSeeded(dataDir)) {
    const db = new Database(resolve(dataDir, 'simulator.sqlite'), { readonly: true });
    const row = db.prepare(`SELECT value FROM settings WHERE key = 'scenario'`).get() as
      { value: string } | undefined;
    db.close();
    if (row?.value !== 'large')
      throw new Error(`${dataDir} holds the '${row?.value}' scenario; give --data-dir a folder for 'large'.`);
    return;
  }
  console.log(`Seeding the large scenario into ${dataDir} (once)...`);
  const summary = await seedScenario({ dataDir, scenario: 'large', log: (l) => console.log(`  ${l}`) });
  console.log(`Seeded in ${summary.seconds.toFixed(1)} s.`);
}

/** Seeds `scenario` into `dataDir` unless it is there; throws when the folder holds another one. */
export async function ensureScenario(dataDir: string, scenario: 'large' | 'demo'): Promise<void> {
  if (scenario === 'large') return ensureLarge(dataDir);
  if (isSeeded(dataDir)) {
    const db = new Database(resolve(dataDir, 'simulator.sqlite'), { readonly: true });
    const row = db.prepare(`SELECT value FROM settings WHERE key = 'scenario'`).get() as
      { value: string } | undefined;
    db.close();
    if (row?.value !== scenario)
      throw new Error(
        `${dataDir} holds the '${row?.value}' scenario; give --data-dir a folder for '${scenario}'.`,
      );
    return;
  }
  console.log(`Seeding the ${scenario} scenario into ${dataDir} (once, about a minute)...`);
  await seedScenario({ dataDir, scenario, log: () => {} });
}

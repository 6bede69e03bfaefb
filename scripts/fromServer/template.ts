// A scenario template made from a server: written aside and renamed into place (a running stack
// never sees half of one), marked with `.from-server.json` (where it came from, what was left
// out), which is how start, reset and the trainer page tell it from the seeded ones.
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { openDatabase, type Db } from '@gs/simulator-api/db/connection';
import { serverSecret } from '@gs/simulator-api/security/repos/secureIds';
import { setSetting } from '@gs/simulator-fixtures/builders';
import { dataPaths, resetFileFolders } from '@gs/simulator-fixtures/dataDir';
import { removeDeadAsides } from '../lib/seedLock';
import type { LeftOut } from './model';

export const FROM_SERVER_FILE = '.from-server.json';
/** Scenario names: what a folder and the trainer page's list take. */
export const SCENARIO_NAME = /^[a-z0-9][a-z0-9-]{0,39}$/;

export interface FromServerMarker {
  scenario: string;
  /** the source's API base, without credentials */
  source: string;
  user: string;
  readAt: string;
  counts: Record<string, number>;
  leftOut: LeftOut[];
}

/** The scenarios made from servers in a templates folder, by name. */
export function fromServerScenarios(templatesDir: string): string[] {
  if (!existsSync(templatesDir)) return [];
  return readdirSync(templatesDir)
    .filter((name) => SCENARIO_NAME.test(name) && existsSync(join(templatesDir, name, FROM_SERVER_FILE)))
    .filter((name) => statSync(join(templatesDir, name)).isDirectory())
    .sort();
}

export function readMarker(dir: string): FromServerMarker | undefined {
  const file = join(dir, FROM_SERVER_FILE);
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as FromServerMarker) : undefined;
}

export interface TemplateWriter {
  db: Db;
  filesDir: string;
  inboxesDir: string;
  /** where document files wait before they are moved to their place (removed at the end) */
  spoolDir: string;
  /** mark, close and rename into place */
  finish(marker: FromServerMarker): string;
  /** throw away what was written */
  abandon(): void;
}

/** Start a template `name` in `templatesDir` (refused when one exists, unless `force`). */
export function startTemplate(templatesDir: string, name: string, force: boolean): TemplateWriter {
  const dir = join(templatesDir, name);
  if (existsSync(dir) && !force)
    throw new Error(`A template '${name}' exists in ${templatesDir}; use --force to replace it.`);
  if (existsSync(dir) && !existsSync(join(dir, FROM_SERVER_FILE)))
    throw new Error(`${dir} is not a template made from a server; choose another --scenario name.`);
  removeDeadAsides(dir);
  const aside = `${dir}.seeding-${process.pid}`;
  rmSync(aside, { recursive: true, force: true });
  mkdirSync(aside, { recursive: true });
  resetFileFolders(aside);
  const paths = dataPaths(aside);
  const db = openDatabase(paths.db);
  serverSecret(db);
  return {
    db,
    filesDir: paths.files,
    inboxesDir: paths.inboxes,
    spoolDir: join(aside, '.spool'),
    finish(marker) {
      setSetting(db, 'scenario', name);
      db.pragma('wal_checkpoint(TRUNCATE)');
      db.close();
      rmSync(join(aside, '.spool'), { recursive: true, force: true });
      writeFileSync(join(aside, FROM_SERVER_FILE), `${JSON.stringify(marker, null, 2)}\n`);
      rmSync(dir, { recursive: true, force: true });
      renameSync(aside, dir);
      return dir;
    },
    abandon() {
      if (db.open) db.close();
      rmSync(aside, { recursive: true, force: true });
    },
  };
}

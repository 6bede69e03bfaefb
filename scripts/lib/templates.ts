// Seeded templates of the base scenarios (demo, empty, large): each seeded once into its own
// folder, reseeded when the fixtures or the database code change (a fingerprint), and copied into
// a data folder in a moment: the database file is copied, the document and inbox files are
// hard-linked (the simulator never writes a stored file in place: it writes a new file and
// renames it, decision 033), falling back to a copy across file systems.
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  copyFileSync,
  existsSync,
  linkSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { copyFile, mkdir, rename, rm } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { openDatabase, type Db } from '@gs/simulator-api/db/connection';
import { isSeeded } from '@gs/simulator-fixtures/seed';
import type { ScenarioName } from '@gs/simulator-fixtures/seed';
import { lockTemplate, removeDeadAsides } from './seedLock';

export const FINGERPRINT_FILE = '.template-fingerprint';
const DB_FILE = 'simulator.sqlite';
/** what a reset empties in the data folder besides what the template brings (helper/ stays: its certificate) */
const RESET_ENTRIES = [
  'simulator.sqlite-wal',
  'simulator.sqlite-shm',
  'cache',
  'helper-data',
  'outbox',
  // packages staged for the import wizard (decision 042): a reset starts the wizard over too
  'packages',
];

/** How a template is seeded besides its scenario. */
export interface SeedChoice {
  /** the scenario's document count instead of its own (the seed's --documents) */
  documents?: number;
}

/** A hash of what decides a seeded folder's content: the scenario (and a document count given
 * instead of its own), the fixtures, the database code and the workflow engine the demo's tasks
 * are made with. */
export function seedFingerprint(root: string, scenario: ScenarioName, choice: SeedChoice = {}): string {
  const hash = createHash('sha1').update(scenario);
  if (choice.documents !== undefined) hash.update(`\0documents=${choice.documents}`);
  const walk = (
    dir: string,
    take: (folders: string[], name: string) => boolean,
    folders: string[] = [],
  ): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) =>
      a.name.localeCompare(b.name),
    )) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path, take, [...folders, entry.name]);
      else if (!entry.name.endsWith('.test.ts') && take(folders, entry.name)) {
        hash.update(entry.name).update(readFileSync(path));
      }
    }
  };
  walk(join(root, 'simulator', 'fixtures', 'src'), () => true);
  // the database code: db/ and every capability's repos/ (decision 070); the demo's workflow tasks
  // are made by the API's engine (fixtures approvalWorkflow.ts), in whichever services/ it lives
  const engine = new Set(['workflowEngine.ts', 'workflow.ts']);
  walk(
    join(root, 'simulator', 'api', 'src'),
    (folders, name) =>
      folders.includes('db') ||
      folders.includes('repos') ||
      (folders.at(-1) === 'services' && engine.has(name)),
  );
  return hash.digest('hex');
}

export const isCurrentTemplate = (dir: string, fingerprint: string): boolean => {
  const marker = join(dir, FINGERPRINT_FILE);
  return isSeeded(dir) && existsSync(marker) && readFileSync(marker, 'utf8') === fingerprint;
};

/** Seed `scenario` in a child process (the caller's event loop stays free), its lines to `log`. */
function seedInChild(
  root: string,
  scenario: ScenarioName,
  dir: string,
  choice: SeedChoice,
  log: (line: string) => void,
) {
  return new Promise<void>((done, fail) => {
    const child = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        join(root, 'scripts', 'seed.ts'),
        '--scenario',
        scenario,
        '--data-dir',
        dir,
        '--force',
        ...(choice.documents === undefined ? [] : ['--documents', String(choice.documents)]),
      ],
      { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let tail = '';
    const lines = (chunk: Buffer): void => {
      for (const line of chunk.toString().split('\n')) if (line.trim()) log(line.trimEnd());
      tail = (tail + chunk.toString()).slice(-2000);
    };
    child.stdout.on('data', lines);
    child.stderr.on('data', lines);
    child.once('error', fail);
    child.once('exit', (code) =>
      code === 0 ? done() : fail(new Error(`Seeding '${scenario}' failed (exit ${code}): ${tail}`)),
    );
  });
}

/** templates being seeded by this process, by folder: a second caller waits for the first */
const seeding = new Map<string, Promise<boolean>>();

/**
 * Make sure `dir` holds a current template of `scenario`; true when it had to be seeded. Seeds
 * aside and renames into place, so a concurrent stack never sees half a template.
 */
export function ensureTemplate(
  root: string,
  scenario: ScenarioName,
  dir: string,
  log: (line: string) => void = console.log,
  choice: SeedChoice = {},
): Promise<boolean> {
  const running = seeding.get(dir);
  if (running) return running;
  const work = seedTemplate(root, scenario, dir, choice, log).finally(() => seeding.delete(dir));
  seeding.set(dir, work);
  return work;
}

async function seedTemplate(
  root: string,
  scenario: ScenarioName,
  dir: string,
  choice: SeedChoice,
  log: (line: string) => void,
): Promise<boolean> {
  const fingerprint = seedFingerprint(root, scenario, choice);
  if (isCurrentTemplate(dir, fingerprint)) return false;
  // another process seeding the same folder (a second test worker, a second stack): wait for it
  const release = await lockTemplate(dir);
  try {
    if (isCurrentTemplate(dir, fingerprint)) return false;
    removeDeadAsides(dir);
    const aside = `${dir}.seeding-${process.pid}`;
    rmSync(aside, { recursive: true, force: true });
    mkdirSync(aside, { recursive: true });
    log(`Seeding the '${scenario}' template into ${dir} (once; later switches copy it)...`);
    const started = performance.now();
    await seedInChild(root, scenario, aside, choice, (line) => log(`  ${line}`));
    writeFileSync(join(aside, FINGERPRINT_FILE), fingerprint);
    if (isCurrentTemplate(dir, fingerprint)) rmSync(aside, { recursive: true, force: true });
    else {
      rmSync(dir, { recursive: true, force: true });
      renameSync(aside, dir);
    }
    log(`Seeded the '${scenario}' template in ${((performance.now() - started) / 1000).toFixed(1)} s.`);
    return true;
  } finally {
    release();
  }
}

/**
 * A template made from another by a change to its database (a scenario's `bake`), kept while the
 * base template and the change are the same; true when it had to be made. Runs in this process.
 */
export async function ensureBaked(
  baseDir: string,
  dir: string,
  bake: (db: Db) => void,
  log: (line: string) => void = console.log,
): Promise<boolean> {
  const fingerprint = createHash('sha1')
    .update(readFileSync(join(baseDir, FINGERPRINT_FILE), 'utf8'))
    .update(bake.toString())
    .digest('hex');
  if (isCurrentTemplate(dir, fingerprint)) return false;
  const started = performance.now();
  removeDeadAsides(dir);
  const aside = `${dir}.baking-${process.pid}`;
  rmSync(aside, { recursive: true, force: true });
  await copyTemplate(baseDir, aside);
  const db = openDatabase(join(aside, DB_FILE));
  try {
    bake(db);
    db.pragma('wal_checkpoint(TRUNCATE)');
  } finally {
    db.close();
  }
  writeFileSync(join(aside, FINGERPRINT_FILE), fingerprint);
  // another process may have made it meanwhile (two test workers, two stacks): keep theirs
  if (isCurrentTemplate(dir, fingerprint)) {
    rmSync(aside, { recursive: true, force: true });
    return false;
  }
  rmSync(dir, { recursive: true, force: true });
  renameSync(aside, dir);
  log(`Made the template ${dir} in ${((performance.now() - started) / 1000).toFixed(1)} s.`);
  return true;
}

/** Hard-link every file of `from` into `to` (made here), copying where a link is refused. */
function linkTree(from: string, to: string): void {
  mkdirSync(to, { recursive: true });
  for (const entry of readdirSync(from, { withFileTypes: true })) {
    const source = join(from, entry.name);
    const target = join(to, entry.name);
    if (entry.isDirectory()) linkTree(source, target);
    else
      try {
        linkSync(source, target);
      } catch {
        copyFileSync(source, target);
      }
  }
}

/** Where a data folder keeps spare copies of template databases, ready to be renamed into place. */
const SPARES_DIR = '.spares';
/** spares being copied, by target file */
const copying = new Map<string, Promise<void>>();

function spareFile(templateDir: string, dataDir: string): string | undefined {
  const marker = join(templateDir, FINGERPRINT_FILE);
  if (!existsSync(marker)) return undefined;
  const fingerprint = readFileSync(marker, 'utf8').slice(0, 16);
  return join(dataDir, SPARES_DIR, `${basename(templateDir)}-${fingerprint}.sqlite`);
}

/** Spares of an older seed of the same template (its fingerprint changed) are of no use. */
function dropStaleSpares(templateDir: string, current: string): void {
  const dir = dirname(current);
  if (!existsSync(dir)) return;
  const prefix = `${basename(templateDir)}-`;
  for (const name of readdirSync(dir))
    if (name.startsWith(prefix) && name.endsWith('.sqlite') && join(dir, name) !== current)
      rmSync(join(dir, name), { force: true });
}

/**
 * Copy the template's database beside the data folder's in the background, so that the next switch
 * to it renames instead of copying (the large one is some 700 MB). Settles when the spare is ready.
 */
export function prepareSpare(templateDir: string, dataDir: string): Promise<void> {
  const spare = spareFile(templateDir, dataDir);
  if (spare) dropStaleSpares(templateDir, spare);
  if (!spare || existsSync(spare)) return Promise.resolve();
  const running = copying.get(spare);
  if (running) return running;
  const part = `${spare}.part`;
  const work = (async () => {
    await mkdir(join(dataDir, SPARES_DIR), { recursive: true });
    await copyFile(join(templateDir, DB_FILE), part);
    await rename(part, spare);
  })()
    .catch(() => rm(part, { force: true }))
    .finally(() => copying.delete(spare));
  copying.set(spare, work);
  return work;
}

/**
 * Replace the data folder's content with a fresh copy of the template (the database must be
 * closed): its database from a ready spare when there is one, else copied; its folders
 * hard-linked. Old folders are moved aside and deleted in the background; returns that deletion.
 */
export function copyTemplate(templateDir: string, dataDir: string): Promise<void> {
  mkdirSync(dataDir, { recursive: true });
  // what an interrupted earlier copy left aside goes too
  const leftovers = readdirSync(dataDir).filter((name) => name.startsWith('.trash-'));
  const trash = join(dataDir, `.trash-${process.pid}-${Date.now()}`);
  mkdirSync(trash);
  for (const name of leftovers) renameSync(join(dataDir, name), join(trash, name));
  const entries = readdirSync(templateDir).filter((name) => name !== FINGERPRINT_FILE);
  for (const name of new Set([...entries, ...RESET_ENTRIES]))
    if (existsSync(join(dataDir, name))) renameSync(join(dataDir, name), join(trash, name));
  const spare = spareFile(templateDir, dataDir);
  for (const name of entries) {
    const source = join(templateDir, name);
    if (name === DB_FILE && spare && existsSync(spare)) renameSync(spare, join(dataDir, name));
    else if (name !== DB_FILE && statSync(source).isDirectory()) linkTree(source, join(dataDir, name));
    else copyFileSync(source, join(dataDir, name));
  }
  return rm(trash, { recursive: true, force: true });
}

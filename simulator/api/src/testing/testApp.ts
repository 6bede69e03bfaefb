// Shared set-up of the route tests: an app on a fresh in-memory database with a frozen clock,
// and a small world made through the fixtures builders.
import Database from 'better-sqlite3';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import type { Express } from 'express';
import {
  addArchive,
  addDatabase,
  addField,
  addGroup,
  addUser,
  grantArchive,
  grantDatabase,
  setSeats,
} from '@gs/simulator-fixtures/builders';
import { ALL_ARCHIVE_PERMISSIONS, FieldType, LicenseType } from '@gs/contract/flags';
import type { License } from '@gs/contract/licenses';
import { createApp, type AppOptions } from '../app';
import { openDatabase, type Db } from '../db/connection';
import { serverSecret } from '../security/repos/secureIds';
import { createTestClock, type AdjustableClock } from '../testClock';

export const API = '/Square9API/api/';
export const PASSWORD = 'Demo@1234';
/**
 * The scrypt cost of the worlds' users (the server and the seeds hash at the default, 16 times
 * dearer): a sign-in's password check was almost half of the unit tier's CPU time (decision 071).
 */
export const TEST_PASSWORD_COST = 1024;

export interface TestApp {
  db: Db;
  clock: AdjustableClock;
  app: Express;
  secret: string;
}

function appOn(db: Db, options: Partial<Omit<AppOptions, 'db' | 'clock'>>): TestApp {
  const clock = createTestClock();
  // an unknown user's check costs what the world's users' checks cost (TEST_PASSWORD_COST)
  const config = { unknownUserCheckCost: TEST_PASSWORD_COST, ...options.config };
  const app = createApp({ db, clock, files: { dataDir: join(tmpdir(), 'gs-sim-test') }, ...options, config });
  return { db, clock, app, secret: serverSecret(db) };
}

/** An app on an empty database that `seed` fills. */
export function makeTestApp(
  options: Partial<Omit<AppOptions, 'db' | 'clock' | 'files'>> = {},
  seed: (db: Db) => void = () => {},
): TestApp {
  const db = openDatabase(':memory:');
  seed(db);
  return appOn(db, options);
}

// Hashing the world's passwords (scrypt) costs most of a test's time, so the world is built once
// per worker and every test gets its own copy of it.
let worldTemplate: { bytes: Buffer; world: World } | undefined;

function theWorld(): { bytes: Buffer; world: World } {
  if (!worldTemplate) {
    const template = openDatabase(':memory:');
    const world = seedWorld(template);
    worldTemplate = { bytes: template.serialize(), world };
    template.close();
  }
  return worldTemplate;
}

function copyOf(bytes: Buffer): Db {
  const db = new Database(bytes);
  db.pragma('foreign_keys = ON');
  return db;
}

/** An app on a private copy of seedWorld's data; `extra` may add to it. */
export function makeWorldApp(
  options: Partial<Omit<AppOptions, 'db' | 'clock'>> = {},
  extra: (db: Db, w: World) => void = () => {},
): TestApp & { w: World } {
  const { bytes, world } = theWorld();
  const db = copyOf(bytes);
  extra(db, world);
  return { ...appOn(db, options), w: world };
}

// The worlds' own parts (searchWorld, editWorld, workflowWorld) seeded once per worker and part,
// each test getting a copy: adding their fields was most of a search or edit test (decision 085).
const seededTemplates = new Map<(db: Db, w: World) => unknown, { bytes: Buffer; seeded: unknown }>();

/**
 * makeWorldApp on a copy of the world with `seed` already run, then `extra`. `seed` runs once per
 * worker (its result is shared by every copy), so it must only write the database, the same
 * way every time: no files, no clock; what a test changes goes in `extra`.
 */
export function makeSeededWorldApp<T>(
  seed: (db: Db, w: World) => T,
  options: Partial<Omit<AppOptions, 'db' | 'clock'>> = {},
  extra: (db: Db, w: World, seeded: T) => void = () => {},
): TestApp & { w: World; seeded: T } {
  const { world } = theWorld();
  let template = seededTemplates.get(seed);
  if (!template) {
    const db = copyOf(theWorld().bytes);
    const seeded = seed(db, world);
    template = { bytes: db.serialize(), seeded };
    db.close();
    seededTemplates.set(seed, template);
  }
  const seeded = template.seeded as T;
  const db = copyOf(template.bytes);
  extra(db, world, seeded);
  return { ...appOn(db, options), w: world, seeded };
}

/** A supertest parser that collects a binary body as a Buffer (`.buffer(true).parse(binary)`). */
export const binary = (res: request.Response, done: (err: Error | null, body: Buffer) => void): void => {
  const chunks: Buffer[] = [];
  res.on('data', (c: Buffer) => chunks.push(c));
  res.on('end', () => done(null, Buffer.concat(chunks)));
};

export const basic = (login: string, password = PASSWORD): string =>
  `Basic ${Buffer.from(`${login}:${password}`).toString('base64')}`;

/** Obtain a licence with Basic and return it (fails the test unless 200). */
export async function signIn(app: Express, login: string, password = PASSWORD): Promise<License> {
  const res = await request(app)
    .get(`${API}licenses`)
    .set('Authorization', basic(login, password))
    .expect(200);
  return res.body as License;
}

export const MINUTE = 60_000;

/** Users, databases and archives most route tests share. */
export interface World {
  admin: number;
  dbAdmin: number;
  full: number;
  web: number;
  reader: number;
  grouped: number;
  nobody: number;
  group: number;
  alpha: number;
  beta: number;
  /** Alpha: Invoices (parent of Paid, Open), Contracts; Beta: Orders */
  invoices: number;
  paid: number;
  open: number;
  contracts: number;
  orders: number;
  vendor: number;
  amount: number;
}

export function seedWorld(db: Db): World {
  const user = (name: string, licenseType: 1 | 2 | 4, extra: object = {}) =>
    addUser(db, { name, password: PASSWORD, passwordCost: TEST_PASSWORD_COST, licenseType, ...extra });
  const admin = user('SSAdministrator', LicenseType.Full, { isAdminAll: true, isUserAdmin: true });
  const dbAdmin = user('dbadmin', LicenseType.Full);
  const full = user('full.user', LicenseType.Full);
  const web = user('web.user', LicenseType.WebEdit);
  const reader = user('reader', LicenseType.ReadOnly);
  const grouped = user('grouped', LicenseType.Full);
  const nobody = user('nobody', LicenseType.Full);
  const group = addGroup(db, 'Accounting', [grouped]);
  for (const type of [LicenseType.Full, LicenseType.WebEdit, LicenseType.ReadOnly]) setSeats(db, type, 5);

  const alpha = addDatabase(db, 'Alpha');
  const beta = addDatabase(db, 'Beta');
  grantDatabase(db, alpha, dbAdmin, 1);
  grantDatabase(db, alpha, full);
  grantDatabase(db, alpha, web);
  grantDatabase(db, alpha, reader);
  grantDatabase(db, alpha, group, 0, 0);
  grantDatabase(db, beta, full);

  const vendor = addField(db, alpha, { name: 'Vendor', type: FieldType.Character });
  const amount = addField(db, alpha, { name: 'Amount', type: FieldType.Decimal, mask: 'C' });
  const invoices = addArchive(db, alpha, { name: 'Invoices', fieldIds: [vendor, amount] });
  const paid = addArchive(db, alpha, { name: 'Paid', parentId: invoices, fieldIds: [vendor, amount] });
  const open = addArchive(db, alpha, { name: 'Open', parentId: invoices, fieldIds: [vendor] });
  const contracts = addArchive(db, alpha, { name: 'Contracts', fieldIds: [vendor] });
  const orders = addArchive(db, beta, { name: 'Orders', fieldIds: [] });

  grantArchive(db, invoices, full, ALL_ARCHIVE_PERMISSIONS);
  grantArchive(db, paid, full, 1 | 1024);
  grantArchive(db, open, full, 2); // no View: hidden
  grantArchive(db, contracts, full, 1);
  grantArchive(db, orders, full, 1);
  grantArchive(db, invoices, web, 1 | 1024);
  grantArchive(db, invoices, reader, 1);
  grantArchive(db, invoices, group, 1, 0);
  grantArchive(db, invoices, grouped, 16);
  return {
    ...{ admin, dbAdmin, full, web, reader, grouped, nobody, group },
    ...{ alpha, beta, invoices, paid, open, contracts, orders, vendor, amount },
  };
}

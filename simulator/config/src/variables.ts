// Every environment variable the simulator, the helper and the scripts read: ONE schema (zod),
// parsed once by each entry point (load.ts), which passes the typed values down; nothing below an
// entry point reads process.env (eslint.config.js holds it). docs/configuration.md is this table
// (docs.test.ts keeps them equal). The end-to-end config reads its own E2E_* variables.
import { z } from 'zod';
import { HELPER_DEFAULT_HTTP_PORT, HELPER_DEFAULT_HTTPS_PORT } from '@gs/contract/helper';
import { UPLOAD_MAX_BYTES_DEFAULT } from '@gs/contract/upload';
import {
  decimalNumber,
  flag,
  hosts,
  httpUrl,
  list,
  origins,
  path,
  port,
  text,
  wholeNumber,
  words,
  type Form,
} from './forms';

/** The programs that read the variables (their entry points parse the whole schema). */
export type Program = 'api' | 'helper' | 'start' | 'seed' | 'reset' | 'bench' | 'conformance';

export const PROGRAM_NAMES: Record<Program, string> = {
  api: 'API (`simulator/api/src/main.ts`)',
  helper: 'helper (`simulator/helper/src/main.ts`)',
  start: '`npm start`',
  seed: '`npm run seed`',
  reset: '`npm run reset`',
  bench: '`npm run bench`',
  conformance: '`npm run conformance`',
};

export interface Variable<T> {
  form: Form<T>;
  /** the value when unset or blank; undefined: none (the program decides, see `defaultText`) */
  fallback: T;
  /** the default as the table shows it, when it is not simply `fallback` */
  defaultText?: string;
  about: string;
  readBy: readonly Program[];
}

function variable<T>(
  form: Form<T>,
  fallback: T,
  about: string,
  readBy: readonly Program[],
  defaultText?: string,
): Variable<T> {
  return { form, fallback, about, readBy, defaultText };
}

function optional<T>(
  form: Form<T>,
  about: string,
  readBy: readonly Program[],
  defaultText = '(unset)',
): Variable<T | undefined> {
  return { form, fallback: undefined, about, readBy, defaultText };
}

// the defaults the API's makeApiConfig also uses when a test builds an app without the environment
export const DEFAULT_PORT = 8080;
export const DEFAULT_LICENSE_IDLE_MINUTES = 20;
export const DEFAULT_PDF_CONVERT_DELAY_SECONDS = 5;
export const DEFAULT_UPLOAD_QUOTA_MB = 1024;
export const DEFAULT_UPLOAD_CACHE_HOURS = 24;
export const DEFAULT_BATCH_STEP_MS = 10_000;
export const DEFAULT_LIST_QUERY_MS = 2000;
export const DEFAULT_PDF_TIME_LIMIT_MS = 15_000;
export const DEFAULT_UPLOAD_MAX_BYTES = UPLOAD_MAX_BYTES_DEFAULT;
export const DEFAULT_SEARCH_READ_WORKERS = 2;

const all: readonly Program[] = ['api', 'helper', 'start'];
const apiAndStart: readonly Program[] = ['api', 'start'];

export const VARIABLES = {
  PORT: variable(port, DEFAULT_PORT, 'the one URL: client, Square9API and `config.json`', [...all, 'reset']),
  HELPER_HTTP_PORT: variable(port, HELPER_DEFAULT_HTTP_PORT, "the helper's http port", all),
  HELPER_HTTPS_PORT: variable(
    port,
    HELPER_DEFAULT_HTTPS_PORT,
    "the helper's https port (certificate kept in `DATA_DIR/helper/`)",
    all,
  ),
  HELPER_HOST: optional(
    text,
    "the helper's host name the client is told in `/config.json`",
    apiAndStart,
    'localhost',
  ),
  DATA_DIR: variable(path, './data', 'SQLite database, document files, inboxes, helper state (git-ignored)', [
    ...all,
    'seed',
  ]),
  CLIENT_DIR: optional(path, 'the built client the API serves', ['api'], '(none: the API serves no client)'),
  SCENARIO: variable(
    text,
    'demo',
    '`demo`, `empty` or `large` (with `TRAINER_PASSWORD` any room scenario), or a scenario made by `npm run seed -- --from-server`: what a new data folder is seeded with',
    ['start', 'seed'],
  ),
  DATA_TEMPLATE_DIR: optional(
    path,
    'seed this folder instead and start every run from a fresh copy of it (the end-to-end tests)',
    ['start'],
  ),
  TEMPLATES_DIR: optional(
    path,
    "where the training rooms' templates are seeded (and `npm run seed -- --from-server` writes its scenarios)",
    ['start', 'seed'],
    './data-templates (beside DATA_TEMPLATE_DIR when that is set)',
  ),
  SEED_SOURCE_PASSWORD: optional(
    text,
    "the source server's password for `npm run seed -- --from-server` when `--password` is not given (decision 065)",
    ['seed'],
    '(unset: --password, or the seed asks)',
  ),
  TRAINER_PASSWORD: optional(
    text,
    'turns on the trainer page at /trainer (decision 034); `npm run reset` signs in with it',
    ['start', 'reset'],
    '(unset: no trainer page)',
  ),
  SIM_TEST_ENDPOINTS: variable(
    flag,
    false,
    "the test endpoints of the API (and, under `npm start`, the helper's)",
    apiAndStart,
    '0',
  ),
  HELPER_TEST_ENDPOINTS: variable(flag, false, "the helper's scan test endpoint", ['helper'], '0'),
  SEARCH_READ_WORKERS: variable(
    wholeNumber('threads', 0),
    DEFAULT_SEARCH_READ_WORKERS,
    'worker threads that read searches (decision 038); 0: the request thread',
    apiAndStart,
  ),
  LICENSE_IDLE_MINUTES: variable(
    wholeNumber('minutes', 1),
    DEFAULT_LICENSE_IDLE_MINUTES,
    'an idle licence expires after this long and frees its seat; its token alone then no longer renews it, the password does (decision 013)',
    apiAndStart,
  ),
  PDF_CONVERT_DELAY_SECONDS: variable(
    decimalNumber('seconds', 'zero allowed'),
    DEFAULT_PDF_CONVERT_DELAY_SECONDS,
    'a TIFF or image added to a convert-to-PDF archive becomes a PDF this long after; until then searches report it pending and exports refuse it',
    apiAndStart,
  ),
  UPLOAD_QUOTA_MB: variable(
    decimalNumber('MiB', 'above zero'),
    DEFAULT_UPLOAD_QUOTA_MB,
    "what one user's upload cache (API) and uploads (helper) may hold (decisions 010, 047)",
    all,
  ),
  UPLOAD_CACHE_HOURS: variable(
    decimalNumber('hours', 'above zero'),
    DEFAULT_UPLOAD_CACHE_HOURS,
    'an upload unused this long is removed (decisions 010, 047)',
    all,
  ),
  SIM_UPLOAD_MAX_BYTES: variable(
    wholeNumber('bytes', 1),
    DEFAULT_UPLOAD_MAX_BYTES,
    'the largest file one upload may carry (413 past it)',
    apiAndStart,
  ),
  UPLOAD_URL_ALLOW: variable(
    list('IPs, CIDRs or host names'),
    [],
    'what `GET upload?url=` may fetch besides public addresses (e.g. `127.0.0.1,10.0.0.0/8,files.local`); loopback, private, link-local and reserved addresses are refused otherwise (decision 009)',
    apiAndStart,
    '(none)',
  ),
  BATCH_STEP_MS: variable(
    wholeNumber('milliseconds', 1),
    DEFAULT_BATCH_STEP_MS,
    "how long each batch processing step takes (Queued → Processing → Processed), on the simulator's clock (decision 028)",
    apiAndStart,
  ),
  LIST_QUERY_MS: variable(
    wholeNumber('milliseconds', 1),
    DEFAULT_LIST_QUERY_MS,
    'how long the query of a `[SQL]` list may run in its process before it is killed; the list then answers 400 with a Message (decision 044)',
    apiAndStart,
  ),
  PDF_TIME_LIMIT_MS: variable(
    wholeNumber('milliseconds', 1),
    DEFAULT_PDF_TIME_LIMIT_MS,
    "how long drawing one PDF page or reading a few pages' text may take on a PDF worker before the worker is stopped; the page then answers 422 with a Message (decision 036)",
    apiAndStart,
  ),
  CORS_ORIGINS: optional(
    origins,
    'origins whose pages may read the answers of the API (`*`: any) and of the helper (`*`: the defaults)',
    all,
    "http://localhost:$PORT and http://127.0.0.1:$PORT (plus Vite's in `npm run dev`)",
  ),
  HELPER_HOSTS: variable(
    hosts,
    [],
    'names the helper answers to besides localhost, 127.0.0.1 and [::1] on its own ports; any other `Host` is refused with 421 (DNS rebinding, decision 047)',
    ['helper', 'start'],
    '(none)',
  ),
  HELPER_API_PATH: optional(
    httpUrl,
    'the API the helper alone talks to',
    ['helper'],
    'http://localhost:$PORT/Square9API/',
  ),
  HELPER_USER: variable(
    text,
    'SSAdministrator',
    "the helper's tray sign-in at start, when started alone (against the API it was started with); never used for a request",
    ['helper'],
  ),
  HELPER_PASSWORD: variable(text, 'Demo@1234', "the helper alone's tray sign-in password", ['helper']),
  BENCH_SERVER_NODE_ARGS: variable(
    words,
    [],
    'node flags for the simulator a bench starts (e.g. `--cpu-prof`)',
    ['bench'],
    '(none)',
  ),
  CHROMIUM_PATH: variable(
    path,
    '/usr/bin/chromium',
    'the Chromium the grid bench and `scripts/makePdfFixtures.ts` drive',
    ['bench'],
  ),
  CONFORMANCE_PASSWORD: optional(
    text,
    "the password of the conformance kit's user (`--password` wins)",
    ['conformance'],
    '(unset: asked for)',
  ),
} satisfies Record<string, Variable<unknown>>;

export type VariableName = keyof typeof VARIABLES;

/** The parsed environment: each variable's typed value. */
export type SimConfig = {
  readonly [K in VariableName]: (typeof VARIABLES)[K] extends Variable<infer T> ? T : never;
};

const blankToUndefined = (raw: unknown): unknown =>
  typeof raw === 'string' && raw.trim() === '' ? undefined : typeof raw === 'string' ? raw.trim() : raw;

/** The one schema: the environment (any record of strings) → SimConfig. */
export const configSchema = z.object(
  Object.fromEntries(
    Object.entries(VARIABLES).map(([name, v]: [string, Variable<unknown>]) => [
      name,
      z.preprocess(blankToUndefined, v.form.schema.optional()).transform((value) => value ?? v.fallback),
    ]),
  ),
) as unknown as z.ZodType<SimConfig, Record<string, string | undefined>>;

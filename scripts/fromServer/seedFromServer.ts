// `npm run seed -- --from-server URL …`: reads a GlobalSearch server as a client does (never
// writing to it) and writes a scenario template from what it could read (issue 31, decision 065).
import type { LeftOut, SnapDocument, Snapshot } from './model';
import { Progress } from './progress';
import { readAdminDatabase, readServerWide } from './readAdmin';
import { readDatabases, readInboxes, type Reader } from './readCatalogue';
import { copyDocuments, sampleValues } from './readDocuments';
import { readSecurity } from './readSecurity';
import { Source } from './source';
import { createSpool } from './spool';
import { synthDocuments } from './synthDocuments';
import { SCENARIO_NAME, startTemplate } from './template';
import { writeCatalogue } from './writeCatalogue';
import { writeDocuments } from './writeDocuments';

/** Built-in scenario names a template from a server may not take. */
const RESERVED = ['demo', 'empty', 'large', 'licenses-exhausted', 'scanner-faults', 'busy-queues'];

export interface FromServerOptions {
  url: string;
  user: string;
  password: string;
  scenario: string;
  /** the password every user of the scenario gets */
  userPassword: string;
  templatesDir: string;
  /** copy up to N documents per archive (0: none) */
  documents?: number;
  /** make N documents per archive (0: none); not with documents */
  synthesize?: number;
  concurrency?: number;
  force?: boolean;
  log?: (line: string) => void;
  /** tests shorten the 429 back-off */
  sleep?: (ms: number) => Promise<void>;
}

export interface FromServerSummary {
  scenario: string;
  dir: string;
  databases: number;
  archives: number;
  fields: number;
  lists: number;
  searches: number;
  users: number;
  groups: number;
  inboxes: number;
  documents: number;
  requests: number;
  backoffs: number;
  seconds: number;
  leftOut: LeftOut[];
}

/** A URL without user or password, for the marker and the log. */
const shown = (url: string): string => {
  const u = new URL(url);
  u.username = '';
  u.password = '';
  return u.toString();
};

export async function seedFromServer(o: FromServerOptions): Promise<FromServerSummary> {
  if (!SCENARIO_NAME.test(o.scenario) || RESERVED.includes(o.scenario))
    throw new Error(
      `--scenario must be a new name of lower-case letters, digits and dashes, not '${o.scenario}'.`,
    );
  if ((o.documents ?? 0) > 0 && (o.synthesize ?? 0) > 0)
    throw new Error('--documents copies, --synthesize makes documents: choose one.');
  const log = o.log ?? console.log;
  const progress = new Progress(log);
  const leftOut: LeftOut[] = [];
  const source = new Source({
    url: o.url,
    user: o.user,
    password: o.password,
    concurrency: o.concurrency,
    sleep: o.sleep,
  });
  const r: Reader = { source, progress, leftOut: (part, reason) => void leftOut.push({ part, reason }) };
  const writer = startTemplate(o.templatesDir, o.scenario, o.force ?? false);
  try {
    const license = await source.signIn();
    progress.begin(`reading ${shown(o.url)} as ${license.Username}`);
    const databases = await readDatabases(r);
    const adminDbs = new Set<number>();
    for (const db of databases) if (await readAdminDatabase(r, db)) adminDbs.add(db.id);
    const inboxes = await readInboxes(r);
    const { stamps, features } = await readServerWide(r);
    const security = await readSecurity(
      r,
      { name: license.Username || o.user, license: license.Type },
      databases,
      inboxes,
      adminDbs,
    );
    r.leftOut(
      'licence seats per type',
      "no route of the server reports them: the template has the demo's seats",
    );
    r.leftOut(
      'workflows and user actions',
      'no route of the server lists their definitions; queue searches are kept as searches',
    );
    r.leftOut('mail servers, data-exchange connections, licence tokens', 'secrets are never copied');
    let documents: SnapDocument[] = [];
    const spool = createSpool(writer.spoolDir);
    if ((o.documents ?? 0) > 0) documents = await copyDocuments(r, databases, o.documents ?? 0, spool);
    else if ((o.synthesize ?? 0) > 0) {
      const seen = await sampleValues(r, databases);
      documents = await synthDocuments(databases, {
        perArchive: o.synthesize ?? 0,
        seen,
        indexedBy: license.Username || o.user,
        now: Date.now(),
        progress,
        spool,
      });
    }
    const snap: Snapshot = {
      source: { url: shown(o.url), user: o.user, readAt: new Date().toISOString() },
      databases,
      inboxes,
      stamps,
      principals: security.principals,
      grants: security.grants,
      features,
      documents,
      leftOut,
    };
    progress.begin('writing the template');
    const written = writeCatalogue(writer.db, snap, o.userPassword, writer.inboxesDir);
    const docs = writeDocuments(writer.db, databases, written, documents, writer.filesDir, license.Username);
    const counts = {
      databases: databases.length,
      archives: databases.reduce((n, d) => n + d.archives.length, 0),
      fields: databases.reduce((n, d) => n + d.fields.length, 0),
      lists: databases.reduce((n, d) => n + d.lists.length, 0),
      searches: [...written.databases.values()].reduce((n, d) => n + d.searches.size, 0),
      users: security.principals.filter((p) => p.kind === 'user').length,
      groups: security.principals.filter((p) => p.kind === 'group').length,
      inboxes: inboxes.length,
      documents: docs.documents,
    };
    const dir = writer.finish({
      scenario: o.scenario,
      source: snap.source.url,
      user: o.user,
      readAt: snap.source.readAt,
      counts,
      leftOut,
    });
    return {
      scenario: o.scenario,
      dir,
      ...counts,
      requests: source.requests,
      backoffs: source.backoffs,
      seconds: progress.elapsedSeconds(),
      leftOut,
    };
  } catch (err) {
    writer.abandon();
    throw err;
  } finally {
    await source.release();
  }
}

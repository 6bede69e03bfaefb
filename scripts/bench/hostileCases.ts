// The four hostile operations of issue 26, each a series of calls made as SSAdministrator against a
// fresh `npm start` process (securityStalls.ts); `measure` times one call with the stall probe.
// (a) a `[SQL]` list preview whose recursive CTE counts to 50 million; (b) a field RegEx with
// catastrophic backtracking, then a 30-character value saved through the document's FieldData;
// (c) a 60 MiB CSV uploaded to the helper, then its preview; (d) bulk/resolve with one 4 MiB criterion.
import { Operator, FieldType } from '@gs/contract/flags';
import type { Db } from '@gs/simulator-api/db/connection';
import { secureId, serverSecret } from '@gs/simulator-api/security/repos/secureIds';

const MiB = 1024 * 1024;
export const CTE_COUNT = 50_000_000;
export const HOSTILE_REGEX = '^(\\w+\\s?)*$';
/** 29 word characters and a `!`: every way of cutting the run into `\w+` is tried before failing */
export const HOSTILE_VALUE = `${'a'.repeat(29)}!`;
export const CSV_BYTES = 60 * MiB;
export const CRITERION_BYTES = 4 * MiB;

/** What the cases act on, read from the seeded data before the server starts. */
export interface Picks {
  /** the database of the search below */
  db: number;
  searchId: number;
  /** a Contains prompt of that search, without a fixed value */
  promptId: number;
  /** a plain character field (no list, no RegEx, room for the value) of `fieldDb`, in `archive` */
  fieldDb: number;
  field: number;
  archive: number;
  doc: number;
  docSecureId: string;
}

export function pick(db: Db): Picks {
  const prompt = db
    .prepare(
      `SELECT p.id AS promptId, p.search_id AS searchId, s.database_id AS db
       FROM search_prompts p JOIN searches s ON s.id = p.search_id
       WHERE p.operator = ? AND p.value = '' ORDER BY p.id LIMIT 1`,
    )
    .get(Operator.Contains) as { promptId: number; searchId: number; db: number } | undefined;
  if (!prompt) throw new Error('the seeded data has no search with a Contains prompt');
  const fields = db
    .prepare(
      `SELECT f.database_id AS fieldDb, f.id AS field, af.archive_id AS archive
       FROM fields f JOIN archive_fields af ON af.field_id = f.id
       WHERE f.type = ? AND f.prop = 0 AND f.list_id = 0 AND f.regex = '' AND f.size >= ?
       ORDER BY f.database_id, f.id, af.archive_id`,
    )
    .all(FieldType.Character, HOSTILE_VALUE.length) as { fieldDb: number; field: number; archive: number }[];
  for (const f of fields) {
    const doc = db
      .prepare(`SELECT min(id) FROM doc_${f.fieldDb} WHERE archive_id = ?`)
      .pluck()
      .get(f.archive) as number | null;
    if (doc !== null)
      return { ...prompt, ...f, doc, docSecureId: secureId(serverSecret(db), 'doc', f.fieldDb, doc) };
  }
  throw new Error('the seeded data has no document in an archive with a plain character field');
}

export interface CaseContext {
  /** http://127.0.0.1:{port}/Square9API/api/ */
  api: string;
  /** http://127.0.0.1:{helper http port}/ */
  helper: string;
  token: string;
  picks: Picks;
}

export type Measure = (
  label: string,
  call: (signal: AbortSignal) => Promise<Response>,
) => Promise<{
  outcome: string;
  body: string;
}>;

export interface HostileCase {
  key: string;
  letter: string;
  run(ctx: CaseContext, measure: Measure): Promise<void>;
}

const json = (ctx: CaseContext, method: string, body: unknown, signal?: AbortSignal): RequestInit => ({
  method,
  headers: { 'Auth-Token': ctx.token, 'Content-Type': 'application/json' },
  body: JSON.stringify(body),
  signal,
});

/** The body of a call the bench needs to succeed (the route, rights and ids are right). */
async function expectOk(call: Promise<Response>, what: string): Promise<string> {
  const res = await call;
  const body = await res.text();
  if (!res.ok) throw new Error(`${what} answered ${res.status}: ${body.slice(0, 200)}`);
  return body;
}

/** A 60 MiB CSV of five columns, a header row first (about 900,000 rows), in one piece. */
function bigCsv(): Blob {
  const parts = ['DocID,Vendor Name,Invoice Number,Amount,Notes\n'];
  let size = parts[0]?.length ?? 0;
  for (let i = 1; size < CSV_BYTES; i++) {
    const line = `${i},"Vendor ${i % 997}",INV-${String(i).padStart(8, '0')},${(i % 100_000) / 100},"row ${i} of the bench"\n`;
    parts.push(line);
    size += line.length;
  }
  // one buffer: a Blob of 900,000 small parts streams part by part, far slower than the server
  return new Blob([Buffer.from(parts.join(''))], { type: 'text/csv' });
}

export const CASES: HostileCase[] = [
  {
    key: 'sql',
    letter: 'a',
    async run(ctx, measure) {
      // the preview keeps at most LIST_SQL_MAX_ITEMS rows, so `SELECT x` would stop early: one
      // aggregate row makes SQLite walk all 50 million steps first
      const list = (to: number) => ({
        Id: 0,
        Name: 'bench',
        AssemblyPath: `[SQL]WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x+1 FROM c WHERE x < ${to}) SELECT max(x) FROM c`,
        AssemblyParameters: '',
        Values: [],
      });
      const url = `${ctx.api}admin/databases/${ctx.picks.db}/lists`;
      await expectOk(fetch(url, json(ctx, 'PUT', list(10))), 'the same preview counting to 10');
      await measure(`(a) [SQL] list preview, CTE to ${CTE_COUNT / 1e6}M`, (signal) =>
        fetch(url, json(ctx, 'PUT', list(CTE_COUNT), signal)),
      );
    },
  },
  {
    key: 'regex',
    letter: 'b',
    async run(ctx, measure) {
      const { fieldDb, field, archive, doc, docSecureId } = ctx.picks;
      const fieldUrl = `${ctx.api}admin/databases/${fieldDb}/fields/${field}`;
      const got = await fetch(fieldUrl, { headers: { 'Auth-Token': ctx.token } });
      const [current] = (await got.json()) as Record<string, unknown>[];
      if (!got.ok || !current) throw new Error(`GET field ${field} answered ${got.status}`);
      // a server that refuses the pattern itself stops the case here
      const saved = await measure(`(b) admin field save, RegEx ${HOSTILE_REGEX}`, (signal) =>
        fetch(fieldUrl, json(ctx, 'PUT', { ...current, Regex: HOSTILE_REGEX }, signal)),
      );
      if (saved.outcome !== '200') return;
      const path = `${ctx.api}UpdateDocument/databases/${fieldDb}/archive/${archive}/document/${doc}/FieldData?SecureId=${encodeURIComponent(docSecureId)}`;
      const value = (v: string) => [{ ID: field, VAL: v, MVAL: [] }];
      await expectOk(fetch(path, json(ctx, 'PUT', value('bench value'))), 'saving a matching value');
      await measure(`(b) field value '${'a'.repeat(3)}…a!' (${HOSTILE_VALUE.length} chars)`, (signal) =>
        fetch(path, json(ctx, 'PUT', value(HOSTILE_VALUE), signal)),
      );
    },
  },
  {
    key: 'csv',
    letter: 'c',
    async run(ctx, measure) {
      const form = new FormData();
      form.append('file', bigCsv(), 'bench-60mb.csv');
      const upload = await measure(`(c) helper upload, ${CSV_BYTES / MiB} MiB CSV`, (signal) =>
        fetch(`${ctx.helper}api/bulk/upload`, {
          method: 'POST',
          headers: { 'Auth-Token': ctx.token },
          body: form,
          signal,
        }),
      );
      if (upload.outcome !== '200') return;
      const { Path } = JSON.parse(upload.body) as { Path: string };
      await measure(`(c) helper CSV preview of it`, (signal) =>
        fetch(
          `${ctx.helper}api/bulk/csv`,
          json(ctx, 'POST', { csvPath: Path, HeadersIncluded: true }, signal),
        ),
      );
    },
  },
  {
    key: 'criterion',
    letter: 'd',
    async run(ctx, measure) {
      const { db, searchId, promptId } = ctx.picks;
      const body = (value: string) => ({ SearchID: searchId, SearchCriteria: { [String(promptId)]: value } });
      const url = `${ctx.api}dbs/${db}/bulk/resolve`;
      await expectOk(fetch(url, json(ctx, 'POST', body('acme'))), 'the same resolve with a short criterion');
      await measure(`(d) bulk/resolve, one ${CRITERION_BYTES / MiB} MiB criterion`, (signal) =>
        fetch(url, json(ctx, 'POST', body('x'.repeat(CRITERION_BYTES)), signal)),
      );
    },
  },
];

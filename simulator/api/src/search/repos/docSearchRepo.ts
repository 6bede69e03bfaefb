// Runs document queries (docQueryModel) with a plan picked per query (decision 004):
// - Contains and `*` patterns on character fields first become the few stored values they match
//   (docValuesRepo), so they can use the field's B-tree index like an equality;
// - the total count comes first, cached by query and by the versions of what it reads, never
//   stale: triggers bump them in every write. A criteria count is keyed on its archive's
//   membership and its fields' versions (docPartVersions, decision 037), so an edit only drops
//   the counts it can change; a content count on the database's version. The archive's size and
//   the count of one equals criterion on a character field are kept on write instead
//   (keptCounts.ts, decision 067): no write drops them. A count is covering-index-only for a
//   single indexed criterion;
// - with the count known, a page walks the sort index and filters ("sort-scan") when about
//   (offset + limit) * archiveSize / count rows suffice, and otherwise reads the most selective
//   criterion's rows and sorts them ("driver").
import type { Statement } from 'better-sqlite3';
import type { Db } from '../../db/connection';
import type { Condition, DocFilter, DocPage, DocPageQuery } from './docQueryModel';
import { archiveIndexName, fieldIndexName, searchNames } from './docSearchSchema';
import {
  accessFor,
  contentRowsSql,
  fromWhere,
  pageOrder,
  selectColumns,
  sortAccess,
  type Access,
  type Params,
} from './docSql';
import { createDocValuesRepo } from './docValuesRepo';
import { createDocRowsRepo } from './docRowsRepo';
import { createPartVersions } from './docPartVersions';
import { createKeptCounts, keptKeyOf, type KeptKey, type KeptNote } from './keptCounts';
import { FieldType } from '@gs/contract/flags';

/** A criterion estimated above this many rows is "not selective" (estimates stop counting there). */
const ESTIMATE_CAP = 100_000;
const CACHE_SIZE = 2000;
/** A sort-scan reading at most this many rows needs no other plan. */
const SCAN_ALWAYS = 2000;
/** A driver's rows are scattered over the table: each costs about three rows of a sort-scan. */
const DRIVER_ROW_COST = 3;

const key = (sql: string, params: Params, version: string): string =>
  `${version}\u0000${sql}\u0000${JSON.stringify(params, (_k, v: unknown) => (typeof v === 'bigint' ? `${v}n` : v))}`;

export function createDocSearchRepo(db: Db) {
  const values = createDocValuesRepo(db);
  const rows = createDocRowsRepo(db);
  const statements = new Map<string, Statement>();
  const numbers = new Map<string, number>();
  const stamps = new Map<number, Statement>();
  const partVersions = createPartVersions(db);
  const tops = new Map<number, Statement>();
  const kept = createKeptCounts(db);
  /** what a read-only connection's kept counts need the writer to do (decision 067) */
  let notes: KeptNote[] = [];

  const prepared = (sql: string): Statement => {
    let s = statements.get(sql);
    if (!s) {
      if (statements.size >= CACHE_SIZE) statements.clear();
      s = db.prepare(sql);
      statements.set(sql, s);
    }
    return s;
  };

  const version = (dbId: number): number => {
    let s = stamps.get(dbId);
    if (!s) {
      s = db.prepare(`SELECT version FROM ${searchNames(dbId).stamp}`).pluck();
      stamps.set(dbId, s);
    }
    return (s.get() as number | undefined) ?? 0;
  };

  /** What a count of `f` depends on: its archive's membership and fields, or any text. */
  const scope = (f: DocFilter): string =>
    f.content !== undefined
      ? `v${version(f.databaseId)}`
      : partVersions(
          f.databaseId,
          f.archiveId,
          f.conditions.map((c) => c.field.id),
        );

  /** A number computed by `sql` over the rows of `f`, cached until what it reads changes. */
  const cachedNumber = (f: DocFilter, sql: string, params: Params): number => {
    const k = key(sql, params, scope(f));
    let n = numbers.get(k);
    if (n === undefined) {
      n = prepared(sql)
        .pluck()
        .get(...params) as number;
      if (numbers.size >= CACHE_SIZE) numbers.clear();
      numbers.set(k, n);
    }
    return n;
  };

  /** Character patterns -> value sets; null when a condition can match nothing. */
  const resolve = (f: DocFilter): DocFilter | null => {
    const conditions: Condition[] = [];
    for (const c of f.conditions) {
      if (c.pred.op !== 'like' || c.field.type !== FieldType.Character) {
        conditions.push(c);
        continue;
      }
      const found = values.resolve(f.databaseId, c.field.id, c.pred.pattern);
      if (found === 'many') conditions.push(c);
      else if (found.length === 0) return null;
      else conditions.push({ field: c.field, pred: { op: 'in', values: found } });
    }
    return { ...f, conditions };
  };

  const parts = (f: DocFilter) => ({
    dbId: f.databaseId,
    archiveId: f.archiveId,
    conditions: f.conditions,
    content: f.content,
  });

  /** Every way in (for the whole filter), with a capped count of the rows each would read. */
  const drivers = (f: DocFilter, estimateOne = false): { access: Access; rows: number }[] => {
    const found: { access: Access; probe: DocFilter; probeAccess: Access }[] = [];
    f.conditions.forEach((c, i) => {
      const access = accessFor(f.databaseId, c, i);
      if (!access) return;
      const probe = { ...f, conditions: [c], content: undefined };
      found.push({
        access,
        probe,
        probeAccess: access.kind === 'ids' ? { kind: 'ids', condition: 0 } : access,
      });
    });
    if (f.content !== undefined)
      found.push({
        access: { kind: 'content' },
        probe: { ...f, conditions: [] },
        probeAccess: { kind: 'content' },
      });
    if (found.length === 0 || (found.length === 1 && !estimateOne))
      return found.map(({ access }) => ({ access, rows: 0 }));
    return found.map(({ access, probe, probeAccess }) => {
      const params: Params = [];
      const inner = `SELECT 1 ${fromWhere(parts(probe), probeAccess, params)} LIMIT ${ESTIMATE_CAP}`;
      return { access, rows: cachedNumber(probe, `SELECT count(*) FROM (${inner})`, params) };
    });
  };

  const best = (f: DocFilter): { access: Access; rows: number } | undefined =>
    drivers(f, true).sort((a, b) => a.rows - b.rows)[0];

  /** Rows of the table (its highest id: near enough, and free). */
  const tableRows = (dbId: number): number => {
    let s = tops.get(dbId);
    if (!s)
      tops.set(dbId, (s = db.prepare(`SELECT coalesce(max(id), 0) FROM ${searchNames(dbId).doc}`).pluck()));
    return s.get() as number;
  };

  /** Without a selective criterion: one field's index alone (covering), else the archive's rows. */
  const fallbackAccess = (f: DocFilter): Access => {
    const only = f.conditions.length === 1 && f.content === undefined ? f.conditions[0] : undefined;
    if (only && !only.field.multi)
      return { kind: 'index', index: fieldIndexName(f.databaseId, only.field.id) };
    if (f.conditions.length === 0 && f.content === undefined)
      return { kind: 'index', index: archiveIndexName(f.databaseId) };
    return archiveSize(f.databaseId, f.archiveId) * 2 > tableRows(f.databaseId)
      ? { kind: 'scan' }
      : { kind: 'index', index: archiveIndexName(f.databaseId) };
  };

  /** The count of `f`, kept on write when it is the count of `keep` (keptCounts.ts), else cached. */
  const countResolved = (f: DocFilter, keep?: KeptKey): number => {
    const found = drivers(f);
    const access = found.length
      ? (found.sort((a, b) => a.rows - b.rows)[0] as { access: Access }).access
      : fallbackAccess(f);
    const params: Params = [];
    const sql = `SELECT count(*) ${fromWhere(parts(f), access, params)}`;
    if (keep)
      return kept.count(
        keep,
        () =>
          prepared(sql)
            .pluck()
            .get(...params) as number,
        notes,
      );
    return cachedNumber(f, sql, params);
  };

  function archiveSize(dbId: number, archiveId: number): number {
    const f: DocFilter = { databaseId: dbId, archiveId, conditions: [] };
    return countResolved(f, keptKeyOf(f));
  }

  /** Documents whose text matches (capped like the estimates): what a content-ordered scan reads. */
  const contentMatches = (f: DocFilter): number => {
    const params: Params = [];
    const inner = `${contentRowsSql(f.databaseId, f.content ?? '', params)} LIMIT ${ESTIMATE_CAP}`;
    return cachedNumber({ ...f, content: f.content ?? '' }, `SELECT count(*) FROM (${inner})`, params);
  };

  /**
   * Reading in sort order costs about (offset + limit) * rows in that order / count rows, mostly
   * near one another; a driver reads its criterion's rows, scattered, and sorts them.
   */
  const choosePlan = (q: DocPageQuery, count: number): { access: Access; plan: string } => {
    const byOrder = sortAccess(q.databaseId, q.sort, q.content !== undefined);
    const inOrder =
      byOrder.kind === 'contentOrder' ? contentMatches(q) : archiveSize(q.databaseId, q.archiveId);
    const scanRows = ((q.offset + q.limit) * inOrder) / count;
    const ordered = {
      access: byOrder,
      plan: byOrder.kind === 'contentOrder' ? 'content-order' : 'sort-scan',
    };
    const driver = scanRows > SCAN_ALWAYS ? best(q) : undefined;
    if (!driver || driver.rows * DRIVER_ROW_COST >= scanRows) return ordered;
    const what = driver.access.kind === 'index' ? driver.access.index : driver.access.kind;
    return { access: driver.access, plan: `driver:${what}` };
  };

  interface Planned {
    count: number;
    plan: string;
    sql: string;
    params: Params;
    query: DocPageQuery;
    /** a driver sorts its rows: it sorts ids only, and the page's rows are read after */
    idsOnly: boolean;
  }

  const planPage = (query: DocPageQuery): Planned | { count: number; plan: 'empty' } => {
    const f = resolve(query);
    const count = f ? countResolved(f, keptKeyOf(query)) : 0;
    if (!f || count === 0 || query.offset >= count) return { count, plan: 'empty' };
    const q: DocPageQuery = { ...query, conditions: f.conditions };
    const { access, plan } = choosePlan(q, count);
    const idsOnly = plan.startsWith('driver');
    const params: Params = [];
    const what = idsOnly ? 'd.id' : selectColumns(q.columns);
    const order = pageOrder(q.databaseId, q.sort, access);
    const sql = `SELECT ${what} ${fromWhere(parts(q), access, params)} ${order} LIMIT ? OFFSET ?`;
    params.push(q.limit, q.offset);
    return { count, plan, sql, params, query: q, idsOnly };
  };

  return {
    /** How many documents of the archive match. */
    count(filter: DocFilter): number {
      const f = resolve(filter);
      return f ? countResolved(f, keptKeyOf(filter)) : 0;
    },

    /** What the writer must do for the counts this read-only connection kept (decision 067). */
    takeKeptNotes(): KeptNote[] {
      const taken = notes;
      notes = [];
      return taken;
    },

    page(query: DocPageQuery): DocPage {
      const p = planPage(query);
      if (!('sql' in p)) return { count: p.count, rows: [], plan: p.plan };
      const raw = prepared(p.sql)
        .raw()
        .all(...p.params) as unknown[][];
      const found = p.idsOnly
        ? rows.byIds(
            p.query,
            raw.map((r) => r[0] as number),
          )
        : rows.toRows(p.query, raw);
      return { count: p.count, rows: found, plan: p.plan };
    },

    /** The statement a page runs and its count (the bench times them without HTTP). */
    explain(query: DocPageQuery): { count: number; plan: string; sql?: string; params?: Params } {
      const p = planPage(query);
      return 'sql' in p ? { count: p.count, plan: p.plan, sql: p.sql, params: p.params } : p;
    },

    /** The statement that counts a filter (after patterns are resolved), for the bench. */
    explainCount(filter: DocFilter): { sql: string; params: Params } | undefined {
      const f = resolve(filter);
      if (!f) return undefined;
      const found = drivers(f);
      const access = found.length
        ? (found.sort((a, b) => a.rows - b.rows)[0] as { access: Access }).access
        : fallbackAccess(f);
      const params: Params = [];
      return { sql: `SELECT count(*) ${fromWhere(parts(f), access, params)}`, params };
    },

    archiveSize,
    version,
    rows,
  };
}
export type DocSearchRepo = ReturnType<typeof createDocSearchRepo>;

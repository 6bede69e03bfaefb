// Resolves a LIKE pattern on a character (or multi-value) field to the few distinct stored values
// it matches, through the value dictionary doc_vals_{db} and its trigram index (docSearchSchema).
// A pattern matching too many values, or a short one on a huge dictionary, stays a LIKE filter.
import type { Statement } from 'better-sqlite3';
import type { Db } from '../../db/connection';
import { catchUpValueIndex, searchNames } from './docSearchSchema';

/** Patterns matching more values than this are filtered with LIKE on the documents instead. */
export const MAX_RESOLVED_VALUES = 2000;
/** A field dictionary scanned without the trigram index must be at most this large. */
const MAX_SCANNED_VALUES = 50_000;
/** Unindexed dictionary rows a search reads directly before it catches the index up. */
const MAX_TAIL = 20_000;

interface Statements {
  state: Statement;
  byTrigram: Statement;
  byScan: Statement;
  fieldSize: Statement;
}

/** The longest run of literal characters of a LIKE pattern (escape `\`). */
export function longestLiteral(pattern: string): string {
  let best = '';
  let run = '';
  for (let i = 0; i < pattern.length; i++) {
    const ch = pattern[i] ?? '';
    if (ch === '\\') {
      run += pattern[++i] ?? '';
    } else if (ch === '%' || ch === '_') {
      if (run.length > best.length) best = run;
      run = '';
    } else run += ch;
  }
  return run.length > best.length ? run : best;
}

/** The trigram index reads LIKE itself (with no ESCAPE clause, so the literal must hold no % or _). */
const ftsLike = (literal: string): string => `%${literal}%`;

export function createDocValuesRepo(db: Db) {
  const perDb = new Map<number, Statements>();
  const resolved = new Map<string, string[] | 'many'>();

  const statements = (dbId: number): Statements => {
    let s = perDb.get(dbId);
    if (!s) {
      const n = searchNames(dbId);
      const like = `v.field_id = ? AND v.value LIKE ? ESCAPE '\\'`;
      s = {
        state: db.prepare(`SELECT vals_indexed AS done, epoch,
          (SELECT coalesce(max(id), 0) FROM ${n.vals}) AS top FROM ${n.stamp}`),
        // UNION ALL streams under the LIMIT: the index holds ids up to vals_indexed, the tail the rest
        byTrigram: db.prepare(`SELECT v.value FROM ${n.valsFts} t CROSS JOIN ${n.vals} v ON v.id = t.rowid
          WHERE t.value LIKE ? AND ${like}
          UNION ALL SELECT v.value FROM ${n.vals} v NOT INDEXED WHERE v.id > ? AND ${like} LIMIT ?`),
        byScan: db.prepare(`SELECT v.value FROM ${n.vals} v WHERE ${like} LIMIT ?`),
        fieldSize: db.prepare(
          `SELECT count(*) AS n FROM (SELECT 1 FROM ${n.vals} WHERE field_id = ? LIMIT ?)`,
        ),
      };
      perDb.set(dbId, s);
    }
    return s;
  };

  const lookup = (dbId: number, fieldId: number, pattern: string): string[] | 'many' => {
    const s = statements(dbId);
    let state = s.state.get() as { done: number; top: number };
    if (state.top - state.done > MAX_TAIL) {
      catchUpValueIndex(db, dbId);
      state = s.state.get() as { done: number; top: number };
    }
    const literal = longestLiteral(pattern);
    let values: string[];
    if (literal.length >= 3 && !/[%_]/.test(literal)) {
      values = s.byTrigram
        .pluck()
        .all(
          ftsLike(literal),
          fieldId,
          pattern,
          state.done,
          fieldId,
          pattern,
          MAX_RESOLVED_VALUES + 1,
        ) as string[];
    } else {
      const size = (s.fieldSize.get(fieldId, MAX_SCANNED_VALUES + 1) as { n: number }).n;
      if (size > MAX_SCANNED_VALUES) return 'many';
      values = s.byScan.pluck().all(fieldId, pattern, MAX_RESOLVED_VALUES + 1) as string[];
    }
    return values.length > MAX_RESOLVED_VALUES ? 'many' : values;
  };

  return {
    /**
     * The stored values of `fieldId` matching `pattern`, or 'many'. The dictionary only grows,
     * so an answer stays right until a value is added (the key holds the top id) or the tables
     * are made again (the epoch).
     */
    resolve(dbId: number, fieldId: number, pattern: string): string[] | 'many' {
      const { top, epoch } = statements(dbId).state.get() as { top: number; epoch: number };
      const key = `${dbId}:${epoch}:${fieldId}:${top}:${pattern}`;
      let hit = resolved.get(key);
      if (hit === undefined) {
        hit = lookup(dbId, fieldId, pattern);
        if (resolved.size >= 1000) resolved.clear();
        resolved.set(key, hit);
      }
      return hit;
    },
  };
}
export type DocValuesRepo = ReturnType<typeof createDocValuesRepo>;

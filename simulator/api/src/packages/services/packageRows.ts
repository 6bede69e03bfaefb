// Writing a package's catalogue rows into a target database (packageTables.ts says which columns
// are ids): each row with a key gets a new id, recorded in the IdMap; references are rewritten
// through it; a row owned by an object the target already had is left out (the existing object
// keeps its own rows: nothing already present is overwritten).
import type { Statement } from 'better-sqlite3';
import type { Db } from '../../db/connection';
import { PRINCIPAL_USER } from '../../security/repos/principalsRepo';
import type { PackageRow, Space, TableSpec } from './packageTables';

export class IdMap {
  private readonly maps = new Map<Space, Map<number, number>>();
  /** ids the target already had (reused by name), whose rows the package does not touch */
  private readonly kept = new Map<Space, Set<number>>();

  set(space: Space, from: number, to: number, kept = false): void {
    let m = this.maps.get(space);
    if (!m) this.maps.set(space, (m = new Map()));
    m.set(from, to);
    if (kept) {
      let k = this.kept.get(space);
      if (!k) this.kept.set(space, (k = new Set()));
      k.add(from);
    }
  }
  get(space: Space, from: number): number | undefined {
    return this.maps.get(space)?.get(from);
  }
  isKept(space: Space, from: number): boolean {
    return this.kept.get(space)?.has(from) ?? false;
  }
  /** A restore point: calling it forgets every id set since (a rolled-back group's). */
  checkpoint(): () => void {
    const maps = new Map([...this.maps].map(([k, m]) => [k, new Map(m)]));
    const kept = new Map([...this.kept].map(([k, m]) => [k, new Set(m)]));
    return () => {
      this.maps.clear();
      this.kept.clear();
      maps.forEach((m, k) => this.maps.set(k, m));
      kept.forEach((m, k) => this.kept.set(k, m));
    };
  }
}

export class MissingReference extends Error {}

/** Resolves a principal of the package (type, name) to this server's id, or undefined. */
export type PrincipalResolver = (type: number, name: string) => number | undefined;

export interface RowWriter {
  /** Insert rows of one table; `include` picks the rows (default all); the count written. */
  write(
    spec: TableSpec,
    rows: PackageRow[],
    include?: (row: PackageRow) => boolean,
    orIgnore?: boolean,
  ): number;
  /** Fill the late references of rows written earlier. */
  fillLate(spec: TableSpec, rows: PackageRow[]): void;
  /** rows left out because their principal is not on this server */
  skippedPrincipals: string[];
  /** loose references set to 0, as '<table> <row name>: <column> <package id>' */
  unbound: string[];
}

export function rowWriter(db: Db, databaseId: number, ids: IdMap, principals: PrincipalResolver): RowWriter {
  const skippedPrincipals: string[] = [];
  const unbound: string[] = [];
  const statements = new Map<string, Statement<unknown[]>>();
  const prepared = (sql: string) => {
    let s = statements.get(sql);
    if (!s) statements.set(sql, (s = db.prepare<unknown[]>(sql)));
    return s;
  };

  /** the mapped value of a reference; 0 stays 0; unknown: MissingReference (or undefined if optional) */
  const ref = (space: Space, value: unknown, optional: boolean): number | undefined => {
    const from = Number(value);
    if (!from) return 0;
    const to = ids.get(space, from);
    if (to === undefined && !optional) throw new MissingReference(`${space} ${from}`);
    return to;
  };

  return {
    skippedPrincipals,
    unbound,
    write(spec, rows, include = () => true, orIgnore = false) {
      let written = 0;
      for (const row of rows) {
        if (!include(row)) continue;
        const owner = spec.owner ? spec.refs[spec.owner] : undefined;
        if (spec.owner && owner && ids.isKept(owner, Number(row[spec.owner]))) continue;
        const out: Record<string, string | number | null> = {};
        let skip = false;
        for (const [column, value] of Object.entries(row)) {
          if (column === 'principal_name' || (spec.key && column === 'id') || spec.drop?.includes(column))
            continue;
          if (spec.database === column) out[column] = databaseId;
          else if (spec.late?.includes(column)) out[column] = 0;
          else if (spec.refs[column] && spec.loose?.includes(column)) {
            const to = ref(spec.refs[column], value, true);
            if (to === undefined)
              unbound.push(`${spec.table} ${String(row.name ?? '')}: ${column} ${String(value)}`);
            out[column] = to ?? 0;
          } else if (spec.refs[column]) {
            // a link to an archive or search the import leaves out is dropped with its row
            const optional = spec.refs[column] === 'archive' || spec.refs[column] === 'search';
            const to = ref(spec.refs[column], value, optional);
            if (to === undefined) skip = true;
            out[column] = to ?? 0;
          } else out[column] = value;
        }
        if (skip) continue;
        if (spec.principals) {
          const type = Number(row.principal_type);
          const id = principals(type, String(row.principal_name ?? ''));
          if (id === undefined) {
            skippedPrincipals.push(
              `${type === PRINCIPAL_USER ? 'user' : 'group'} ${String(row.principal_name)}`,
            );
            continue;
          }
          out.principal_id = id;
        }
        const columns = Object.keys(out);
        const verb = orIgnore || spec.group === 'database' ? 'INSERT OR IGNORE' : 'INSERT';
        const result = prepared(
          `${verb} INTO ${spec.table}(${columns.join(', ')}) VALUES (${columns.map((c) => `@${c}`).join(', ')})`,
        ).run(out);
        if (spec.key) ids.set(spec.key, Number(row.id), Number(result.lastInsertRowid));
        written += result.changes;
      }
      return written;
    },
    fillLate(spec, rows) {
      if (!spec.key || !spec.late) return;
      for (const row of rows) {
        const to = ids.get(spec.key, Number(row.id));
        if (to === undefined || ids.isKept(spec.key, Number(row.id))) continue;
        for (const column of spec.late) {
          const target = spec.refs[column];
          if (!target) continue;
          const value = ref(target, row[column], true) ?? 0;
          if (value) prepared(`UPDATE ${spec.table} SET ${column} = ? WHERE id = ?`).run(value, to);
        }
      }
    },
  };
}

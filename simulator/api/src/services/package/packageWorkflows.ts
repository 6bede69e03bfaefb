// The workflow seam of .gs packages (issue 16; the workflow engine is issue 14's, wt-wfapi): every
// table whose name starts with `workflow` and has a `database_id` column is exported as
// `workflows/<table>.json` with the database's rows, and imported into a target that has the same
// table, the database id replaced and a fresh `id` (rows referring to other rows by id keep the
// source's ids: the workflow engine should replace this generic copy with its own mapping).
// With no such table (today's simulator) the section is empty and nothing is written.
import type { Db } from '../../db/connection';
import type { PackageRow } from './packageTables';

const NAME = /^workflow[a-z0-9_]*$/;

/** The workflow tables of this server with their columns. */
export function workflowTables(db: Db): { table: string; columns: string[] }[] {
  const names = db
    .prepare(`SELECT name FROM sqlite_master WHERE type = 'table' AND name LIKE 'workflow%' ORDER BY name`)
    .pluck()
    .all() as string[];
  return names
    .filter((n) => NAME.test(n))
    .map((table) => ({
      table,
      columns: db.prepare(`SELECT name FROM pragma_table_info(?)`).pluck().all(table) as string[],
    }))
    .filter((t) => t.columns.includes('database_id'));
}

/** table → the database's rows, for `workflows/<table>.json`. */
export function exportWorkflows(db: Db, databaseId: number): Record<string, PackageRow[]> {
  const out: Record<string, PackageRow[]> = {};
  for (const { table } of workflowTables(db))
    out[table] = db.prepare(`SELECT * FROM "${table}" WHERE database_id = ?`).all(databaseId) as PackageRow[];
  return out;
}

/** Insert the package's workflow rows where this server has the table; the count written. */
export function importWorkflows(db: Db, databaseId: number, section: Record<string, PackageRow[]>): number {
  const here = new Map(workflowTables(db).map((t) => [t.table, t.columns]));
  let written = 0;
  for (const [table, rows] of Object.entries(section)) {
    const columns = here.get(table);
    if (!columns) continue;
    for (const row of rows) {
      const cols = columns.filter((c) => c !== 'id' && c in row);
      const values = cols.map((c) => (c === 'database_id' ? databaseId : row[c]));
      db.prepare(
        `INSERT INTO "${table}"(${cols.map((c) => `"${c}"`).join(', ')}) VALUES (${cols.map(() => '?').join(', ')})`,
      ).run(...values);
      written++;
    }
  }
  return written;
}

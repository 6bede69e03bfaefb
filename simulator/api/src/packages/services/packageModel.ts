// A .gs package once read (packageReader.ts) and what the export and the import share about it.
import type { ImportUser, PackageManifest } from '@gs/contract/admin/packages';
import type { WorkflowDefinition } from '@gs/contract/workflow';
import type { Db } from '../../db/connection';
import type { PackageRow } from './packageTables';

/** One line of documents/index.ndjson. */
export interface DocumentLine {
  id: number;
  archive_id: number;
  /** the entry holding the file ('' for none) */
  file: string;
  file_type: string;
  file_size: number;
  page_count: number;
  version: number;
  root_version_id: number;
  created_at: number;
  modified_at: number;
  /** source field id → value (absent: NULL) */
  values: Record<string, string | number | null>;
  /** source field id → the values of a multi-value field, in order */
  multi: Record<string, string[]>;
  text?: string;
}

/**
 * A read package: what the import needs at hand. Its documents and annotations stay in the file
 * (`path`) and are streamed from it when the import needs them (packageEntries.ts, decision 048).
 */
export interface Package {
  /** the package's file: its document files, index and annotations are streamed from it */
  path: string;
  manifest: PackageManifest;
  /** catalogue table → rows */
  tables: Record<string, PackageRow[]>;
  users: ImportUser[];
  groups: ImportUser[];
  stamps: string[];
  /** workflows/definitions.json: the designer's definitions, with the source's ids */
  workflows: WorkflowDefinition[];
}

/** A principal's name (type 1 user, 0 group); '' when it no longer exists. */
export function principalName(db: Db, type: number, id: number): string {
  const table = type === 1 ? 'users' : 'groups';
  return (db.prepare(`SELECT name FROM ${table} WHERE id = ?`).pluck().get(id) as string | undefined) ?? '';
}

/** Archive id → its path, parents first, joined with '/'. */
export function archivePaths(archives: PackageRow[]): Map<number, string> {
  const byId = new Map(archives.map((a) => [Number(a.id), a]));
  const paths = new Map<number, string>();
  const pathOf = (id: number, seen: Set<number>): string => {
    const known = paths.get(id);
    if (known !== undefined) return known;
    const a = byId.get(id);
    if (!a) return '';
    const parent = Number(a.parent_id);
    const up = parent && !seen.has(parent) ? pathOf(parent, new Set([...seen, id])) : '';
    const path = up ? `${up}/${String(a.name)}` : String(a.name);
    paths.set(id, path);
    return path;
  };
  for (const id of byId.keys()) pathOf(id, new Set());
  return paths;
}

/** Archive id → the id of its top-level archive (its branch). */
export function branchOf(archives: PackageRow[]): Map<number, number> {
  const byId = new Map(archives.map((a) => [Number(a.id), a]));
  const top = new Map<number, number>();
  for (const id of byId.keys()) {
    let at = id;
    const seen = new Set<number>();
    while (!seen.has(at)) {
      seen.add(at);
      const parent = Number(byId.get(at)?.parent_id ?? 0);
      if (!parent || !byId.has(parent)) break;
      at = parent;
    }
    top.set(id, at);
  }
  return top;
}

/** The template key of a branch, as package_templates records it. */
export const templateKey = (acronym: string, branchName: string): string => `${acronym}/${branchName}`;

// What a field value is checked against: the field definitions with their RegEx message, the
// items of lists and the dynamic-list mappings (field_list_mappings). A `[SQL]` list's items come
// from its query, which runs elsewhere (services/lists/, decision 044): here only its binding.
import type { Db } from '../../db/connection';
import type { FieldTypeCode } from '@gs/contract/flags';
import { LIST_BINDING_PREFIX } from '@gs/contract/admin/catalog';

/** A field as the value checks need it. */
export interface FieldRule {
  id: number;
  databaseId: number;
  name: string;
  type: FieldTypeCode;
  size: number;
  mask: string;
  regex: string;
  regexMessage: string;
  prop: number;
  listId: number;
  parentId: number;
  listF1: number;
  listF2: number;
}

const COLUMNS = `f.id, f.database_id AS databaseId, f.name, f.type, f.size, f.mask, f.regex,
  f.regex_message AS regexMessage, f.prop, f.list_id AS listId, f.parent_id AS parentId,
  f.list_f1 AS listF1, f.list_f2 AS listF2`;

/** A `[SQL]` list's binding. */
export interface SqlList {
  databaseId: number;
  query: string;
  parameters: string;
}

export function createFieldRulesRepo(db: Db) {
  const ofArchive = db.prepare(`SELECT ${COLUMNS} FROM archive_fields af JOIN fields f ON f.id = af.field_id
    WHERE af.archive_id = ? ORDER BY af.ordinal`);
  const byId = db.prepare(`SELECT ${COLUMNS} FROM fields f WHERE f.id = ? AND f.database_id = ?`);
  const items = db.prepare(`SELECT value FROM list_items WHERE list_id = ? ORDER BY ordinal`);
  const binding = db.prepare(
    `SELECT database_id AS databaseId, assembly_path AS path, assembly_parameters AS params FROM lists WHERE id = ?`,
  );
  const mappedLists = db
    .prepare(`SELECT DISTINCT list_id FROM field_list_mappings WHERE field_id = ?`)
    .pluck();
  const sql = LIST_BINDING_PREFIX.Sql.toUpperCase();
  const mapped = db.prepare(`SELECT list_id AS listId FROM field_list_mappings
    WHERE field_id = ? AND primary_value = ? COLLATE NOCASE AND secondary_value = ? COLLATE NOCASE`);
  return {
    /** the fields of an archive in its order */
    ofArchive(archiveId: number): FieldRule[] {
      return ofArchive.all(archiveId) as FieldRule[];
    },
    /** a field of the database */
    byId(databaseId: number, fieldId: number): FieldRule | undefined {
      return byId.get(fieldId, databaseId) as FieldRule | undefined;
    },
    /** the query of a [SQL] list, with its database and parameters; undefined for any other list */
    sqlList(listId: number): SqlList | undefined {
      const b = binding.get(listId) as { databaseId: number; path: string; params: string } | undefined;
      const path = b?.path.trim() ?? '';
      if (!b || path.slice(0, sql.length).toUpperCase() !== sql) return undefined;
      return { databaseId: b.databaseId, query: path.slice(sql.length).trim(), parameters: b.params };
    },
    /** the stored items of a list (none for a [SQL] list: they come from its query) */
    listItems(listId: number): string[] {
      return (items.all(listId) as { value: string }[]).map((r) => r.value);
    },
    /** every list a dynamic field may offer through its mappings */
    mappedLists(fieldId: number): number[] {
      return mappedLists.all(fieldId) as number[];
    },
    /** the list a dynamic field offers for a pair of parent values */
    mappedList(fieldId: number, primary: string, secondary: string): number | undefined {
      return (mapped.get(fieldId, primary, secondary) as { listId: number } | undefined)?.listId;
    },
  };
}
export type FieldRulesRepo = ReturnType<typeof createFieldRulesRepo>;

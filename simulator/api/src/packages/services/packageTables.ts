// The catalogue tables a .gs package carries (docs/gs-package.md), described once for the export
// (which rows belong to a database) and the import (which columns are ids to remap). Rows travel
// as the simulator stores them, snake_case columns and all; the ids in them are the source's, and
// the import maps each to the id the row gets in the target database. Security rows name their
// principal (principal_name) instead of its id, since ids differ between servers.

/** The id spaces rows refer to. */
export type Space = 'list' | 'field' | 'tableField' | 'archive' | 'search' | 'dxc' | 'workflow';

/** Which import group a table's rows are written in (one transaction each). */
export type TableGroup = 'catalogue' | 'branch' | 'database';

export interface TableSpec {
  table: string;
  group: TableGroup;
  /** SQL selecting the database's rows; `?` is the database id */
  where: string;
  /** ORDER BY of the export (parents before children where it matters) */
  order: string;
  /** the id column's space when other rows refer to it (the import assigns a new id) */
  key?: Space;
  /** columns holding ids of a space (0 means none and stays 0) */
  refs: Record<string, Space>;
  /** refs filled in after all the group's rows exist (self references) */
  late?: string[];
  /** refs set to 0 when the target lacks the object (the row stays, unbound; the writer notes it) */
  loose?: string[];
  /** the column saying which row owns this one (an existing owner keeps its rows as they are) */
  owner?: string;
  /** the row carries principal_type and principal_id, exported as principal_name */
  principals?: boolean;
  /** columns dropped (the import lets SQLite assign them) */
  drop?: string[];
  /** the column holding the database id, replaced by the target's */
  database?: string;
}

const inDb = (column: string, parent: string): string =>
  `${column} IN (SELECT id FROM ${parent} WHERE database_id = ?)`;

export const TABLES: readonly TableSpec[] = [
  {
    table: 'lists',
    group: 'catalogue',
    where: 'database_id = ?',
    order: 'id',
    key: 'list',
    refs: {},
    database: 'database_id',
  },
  {
    table: 'list_items',
    group: 'catalogue',
    where: inDb('list_id', 'lists'),
    order: 'list_id, ordinal',
    refs: { list_id: 'list' },
    owner: 'list_id',
  },
  {
    table: 'fields',
    group: 'catalogue',
    where: 'database_id = ?',
    order: 'id',
    key: 'field',
    refs: { list_id: 'list', parent_id: 'field', list_f1: 'field', list_f2: 'field' },
    late: ['parent_id', 'list_f1', 'list_f2'],
    database: 'database_id',
  },
  {
    table: 'field_options',
    group: 'catalogue',
    where: inDb('field_id', 'fields'),
    order: 'field_id',
    refs: { field_id: 'field' },
    owner: 'field_id',
  },
  {
    table: 'field_list_mappings',
    group: 'catalogue',
    where: inDb('field_id', 'fields'),
    order: 'field_id, primary_value, secondary_value',
    refs: { field_id: 'field', list_id: 'list' },
    owner: 'field_id',
  },
  {
    table: 'table_fields',
    group: 'catalogue',
    where: 'database_id = ?',
    order: 'id',
    key: 'tableField',
    refs: {},
    database: 'database_id',
  },
  {
    table: 'table_field_columns',
    group: 'catalogue',
    where: inDb('table_field_id', 'table_fields'),
    order: 'table_field_id, ordinal',
    refs: { table_field_id: 'tableField', field_id: 'field' },
    owner: 'table_field_id',
  },
  {
    table: 'archives',
    group: 'branch',
    where: 'database_id = ?',
    order: 'id',
    key: 'archive',
    refs: { parent_id: 'archive', versions_archive_id: 'archive', view_status_field: 'field' },
    late: ['versions_archive_id'],
    database: 'database_id',
  },
  {
    table: 'archive_fields',
    group: 'branch',
    where: inDb('archive_id', 'archives'),
    order: 'archive_id, ordinal',
    refs: { archive_id: 'archive', field_id: 'field' },
    owner: 'archive_id',
  },
  {
    table: 'archive_views',
    group: 'branch',
    where: inDb('archive_id', 'archives'),
    order: 'archive_id, ordinal',
    refs: { archive_id: 'archive' },
    owner: 'archive_id',
  },
  {
    table: 'archive_notifications',
    group: 'branch',
    where: inDb('archive_id', 'archives'),
    order: 'archive_id',
    refs: { archive_id: 'archive' },
    owner: 'archive_id',
  },
  {
    table: 'archive_security',
    group: 'branch',
    where: inDb('archive_id', 'archives'),
    order: 'archive_id, principal_type, principal_id',
    refs: { archive_id: 'archive' },
    owner: 'archive_id',
    principals: true,
  },
  {
    table: 'dxc_sources',
    group: 'branch',
    where: `archive_id IN (SELECT id FROM archives WHERE database_id = ?)`,
    order: 'id',
    key: 'dxc',
    refs: { archive_id: 'archive' },
    owner: 'archive_id',
  },
  {
    table: 'dxc_mappings',
    group: 'branch',
    where: `source_id IN (SELECT s.id FROM dxc_sources s JOIN archives a ON a.id = s.archive_id WHERE a.database_id = ?)`,
    order: 'source_id, ordinal',
    refs: { source_id: 'dxc', archive_field: 'field' },
    owner: 'source_id',
  },
  {
    table: 'searches',
    group: 'branch',
    where: 'database_id = ?',
    order: 'id',
    key: 'search',
    refs: { archive_id: 'archive' },
    database: 'database_id',
  },
  {
    table: 'search_archives',
    group: 'branch',
    where: inDb('search_id', 'searches'),
    order: 'search_id, ordinal',
    refs: { search_id: 'search', archive_id: 'archive' },
    owner: 'search_id',
  },
  {
    table: 'search_prompts',
    group: 'branch',
    where: inDb('search_id', 'searches'),
    order: 'search_id, ordinal',
    refs: { search_id: 'search', field_id: 'field' },
    owner: 'search_id',
    drop: ['id'],
  },
  {
    table: 'search_options',
    group: 'branch',
    where: inDb('search_id', 'searches'),
    order: 'search_id',
    refs: { search_id: 'search' },
    owner: 'search_id',
  },
  {
    table: 'search_security',
    group: 'branch',
    where: inDb('search_id', 'searches'),
    order: 'search_id, principal_type, principal_id',
    refs: { search_id: 'search' },
    owner: 'search_id',
    principals: true,
  },
  {
    table: 'database_security',
    group: 'database',
    where: 'database_id = ?',
    order: 'principal_type, principal_id',
    refs: {},
    principals: true,
    database: 'database_id',
  },
  {
    table: 'user_actions',
    group: 'database',
    where: 'database_id = ?',
    order: 'id',
    // workflow_id: the package's workflow (workflows/definitions.json), imported before this group
    refs: { archive_id: 'archive', workflow_id: 'workflow' },
    loose: ['workflow_id'],
    drop: ['id'],
    database: 'database_id',
  },
];

export const tableSpec = (table: string): TableSpec | undefined => TABLES.find((t) => t.table === table);

/** A row as the package holds it. */
export type PackageRow = Record<string, string | number | null>;

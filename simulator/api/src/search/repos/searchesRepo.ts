// Saved searches: the search row, the archives it covers and its prompts (with their fields).
// The per-user parts (Props, default flag) and the Hash are added by the route.
import type { Db } from '../../db/connection';
import type { SearchArchiveRef, SearchPrompt } from '@gs/contract/searches';
import type { OperatorCode } from '@gs/contract/flags';
import { FieldProp } from '@gs/contract/flags';

export interface SearchRow {
  id: number;
  databaseId: number;
  archiveId: number;
  name: string;
  settings: number;
  fuzzy: number;
  grouping: string;
}

interface RawPrompt {
  id: number;
  fieldId: number;
  operator: OperatorCode;
  prompt: string;
  value: string;
  name: string;
  type: number;
  mask: string;
  prop: number;
  listId: number;
  listF1: number;
  listF2: number;
  parentId: number;
}

const toPrompt = (p: RawPrompt): SearchPrompt => ({
  ID: p.id,
  FID: p.fieldId,
  ListID: p.listId,
  ListF1: p.listF1,
  ListF2: p.listF2,
  Parent: p.parentId,
  Operator: p.operator,
  Prompt: p.prompt,
  VAL: p.value,
  Prop: p.prop,
  FieldType: p.type,
  Mask: p.mask,
  Name: p.name,
  Type: p.type,
  MultiValue: (p.prop & FieldProp.MultiValue) !== 0,
  MVAL: [],
});

const SELECT = `SELECT id, database_id AS databaseId, archive_id AS archiveId, name, settings, fuzzy, grouping
  FROM searches`;

export function createSearchesRepo(db: Db) {
  const inDatabase = db.prepare(`${SELECT} WHERE database_id = ? ORDER BY name COLLATE NOCASE, id`);
  const byId = db.prepare(`${SELECT} WHERE id = ?`);
  const archives = db.prepare(`SELECT a.id AS ID, a.name AS Name FROM search_archives sa
    JOIN archives a ON a.id = sa.archive_id WHERE sa.search_id = ? ORDER BY sa.ordinal`);
  const prompts = db.prepare(`SELECT p.id, p.field_id AS fieldId, p.operator, p.prompt, p.value,
      f.name, f.type, f.mask, f.prop, f.list_id AS listId, f.list_f1 AS listF1, f.list_f2 AS listF2,
      f.parent_id AS parentId
    FROM search_prompts p JOIN fields f ON f.id = p.field_id WHERE p.search_id = ? ORDER BY p.ordinal`);
  return {
    inDatabase(databaseId: number): SearchRow[] {
      return inDatabase.all(databaseId) as SearchRow[];
    },
    byId(id: number): SearchRow | undefined {
      return byId.get(id) as SearchRow | undefined;
    },
    archives(searchId: number): SearchArchiveRef[] {
      return archives.all(searchId) as SearchArchiveRef[];
    },
    prompts(searchId: number): SearchPrompt[] {
      return (prompts.all(searchId) as RawPrompt[]).map(toPrompt);
    },
  };
}
export type SearchesRepo = ReturnType<typeof createSearchesRepo>;

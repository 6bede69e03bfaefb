// The document query the search service hands to docSearchRepo: conditions already typed and
// parsed (no request strings reach SQL but as bound values), a sort and a page.
import type { FieldTypeCode } from '@gs/contract/flags';

export interface FieldRef {
  id: number;
  type: FieldTypeCode;
  /** multi-value field: its values live in doc_mv_{db}, a condition matches when any value does */
  multi: boolean;
}

export type SqlValue = string | number | bigint;

export type Predicate =
  | { op: 'eq' | 'ne' | 'ge' | 'le' | 'lt'; value: SqlValue }
  /** a day of a date field: from <= value < to (ISO text) */
  | { op: 'between' | 'notBetween'; from: string; to: string }
  /** SQL LIKE pattern with `\` as escape; on numbers it applies to their text */
  | { op: 'like' | 'notLike'; pattern: string }
  /** one of these exact stored values (what a pattern resolves to through the value dictionary) */
  | { op: 'in'; values: string[] }
  | { op: 'empty' | 'notEmpty' };

export interface Condition {
  field: FieldRef;
  pred: Predicate;
}

export interface SortKey {
  /** a field, or the document id (the default order and the DocumentID pseudo-field) */
  field: FieldRef | 'id';
  desc: boolean;
}

export interface DocFilter {
  databaseId: number;
  archiveId: number;
  /** ANDed */
  conditions: Condition[];
  /** an FTS5 query over the documents' text (content search) */
  content?: string;
}

export interface DocPageQuery extends DocFilter {
  sort: SortKey[];
  offset: number;
  limit: number;
  /** fields whose values are returned, in order */
  columns: FieldRef[];
}

/** One document row of a page, values as stored. */
export interface DocRow {
  id: number;
  fileType: string;
  filePath: string;
  version: number;
  rootVersionId: number;
  /** field id -> stored value */
  values: Map<number, string | number | null>;
  /** multi-value field id -> values in order */
  multi: Map<number, string[]>;
  /** content-search matches in this document (0 without content terms) */
  hits: number;
}

export interface DocPage {
  count: number;
  rows: DocRow[];
  /** how the page was found (bench and tests): 'empty', 'sort-scan' or 'driver:<what>' */
  plan: string;
}

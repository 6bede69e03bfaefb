// SQL text of document queries (docQueryModel) over doc_{db}, doc_mv_{db} and the FTS tables.
// Identifiers come from integer ids only; every value is a bound parameter.
import { FieldType } from '@gs/contract/flags';
import type { Condition, FieldRef, Predicate, SortKey, SqlValue } from './docQueryModel';
import { archiveIndexName, fieldIndexName, searchNames } from './docSearchSchema';

export type Params = SqlValue[];

const col = (field: FieldRef): string => `d.f_${Math.trunc(field.id)}`;
const isText = (field: FieldRef): boolean => field.type === FieldType.Character;
const ESC = `ESCAPE '\\'`;

/** A predicate on one stored value `e` (a document column or a multi-value row). */
function predicateSql(p: Predicate, e: string, text: boolean, params: Params): string {
  const nocase = text ? ' COLLATE NOCASE' : '';
  const asText = text ? e : `CAST(${e} AS TEXT)`;
  const emptyTest = text || e.startsWith('m.') ? `(${e} IS NULL OR ${e} = '')` : `${e} IS NULL`;
  switch (p.op) {
    case 'eq':
    case 'ge':
    case 'le':
    case 'lt': {
      params.push(p.value);
      const sym = { eq: '=', ge: '>=', le: '<=', lt: '<' }[p.op];
      return `${e} ${sym} ?${nocase}`;
    }
    case 'ne':
      params.push(p.value);
      return `(${e} IS NULL OR ${e} <> ?${nocase})`;
    case 'between':
      params.push(p.from, p.to);
      return `(${e} >= ? AND ${e} < ?)`;
    case 'notBetween':
      params.push(p.from, p.to);
      return `(${e} IS NULL OR ${e} < ? OR ${e} >= ?)`;
    case 'like':
      params.push(p.pattern);
      return `${asText} LIKE ? ${ESC}`;
    case 'notLike':
      params.push(p.pattern);
      return `(${e} IS NULL OR ${asText} NOT LIKE ? ${ESC})`;
    case 'in':
      params.push(JSON.stringify(p.values));
      return `${e}${nocase} IN (SELECT value FROM json_each(?))`;
    case 'empty':
      return emptyTest;
    case 'notEmpty':
      return `NOT ${emptyTest}`;
  }
}

/** The positive form of a negative predicate on a multi-value field ("no value equals ..."). */
function positiveOf(p: Predicate): Predicate | undefined {
  switch (p.op) {
    case 'ne':
      return { op: 'eq', value: p.value };
    case 'notLike':
      return { op: 'like', pattern: p.pattern };
    case 'notBetween':
      return { op: 'between', from: p.from, to: p.to };
    case 'empty':
      return { op: 'notEmpty' };
    default:
      return undefined;
  }
}

/** Rows of doc_mv_{db} whose value satisfies `p` (the doc ids of a multi-value condition). */
function mvRowsSql(dbId: number, field: FieldRef, p: Predicate, params: Params): string {
  params.push(field.id);
  const value =
    field.type === FieldType.Integer || field.type === FieldType.Decimal
      ? 'CAST(m.value AS NUMERIC)'
      : 'm.value';
  return `SELECT m.doc_id FROM ${searchNames(dbId).mv} m WHERE m.field_id = ? AND ${predicateSql(p, value, isText(field), params)}`;
}

export function conditionSql(dbId: number, c: Condition, params: Params): string {
  if (!c.field.multi) return predicateSql(c.pred, col(c.field), isText(c.field), params);
  const positive = positiveOf(c.pred);
  const rows = mvRowsSql(dbId, c.field, positive ?? c.pred, params);
  return `${positive ? 'NOT ' : ''}EXISTS (${rows} AND m.doc_id = d.id)`;
}

/** The documents whose text matches an FTS5 query. */
export function contentRowsSql(dbId: number, query: string, params: Params): string {
  const { textFts } = searchNames(dbId);
  params.push(query);
  return `SELECT rowid FROM ${textFts} WHERE ${textFts} MATCH ?`;
}

/** How a query reaches its rows: an index of doc_{db}, or a set of document ids. */
export type Access =
  | { kind: 'index'; index: string }
  /** the whole table in rowid order (cheaper than an index when the archive is most of it) */
  | { kind: 'scan' }
  | { kind: 'ids'; condition: number }
  | { kind: 'content' }
  /** the content matches in document id order, straight from the FTS index (streams under LIMIT) */
  | { kind: 'contentOrder' };

/** A condition that can drive a query through an index (or a set of ids), if any. */
export function accessFor(dbId: number, c: Condition, position: number): Access | undefined {
  // Access 'ids' only drives multi-value conditions; a plain column is read through its index
  const ranged = ['eq', 'in', 'between', 'ge', 'le', 'lt'].includes(c.pred.op);
  if (!ranged) return undefined;
  return c.field.multi
    ? { kind: 'ids', condition: position }
    : { kind: 'index', index: fieldIndexName(dbId, c.field.id) };
}

export interface FilterParts {
  dbId: number;
  archiveId: number;
  conditions: Condition[];
  content?: string;
}

/** FROM ... WHERE ... of a filter reached through `access`. */
export function fromWhere(f: FilterParts, access: Access, params: Params): string {
  const { doc } = searchNames(f.dbId);
  const where: string[] = [];
  let from = `${doc} d`;
  if (access.kind === 'index') from += ` INDEXED BY ${access.index}`;
  else if (access.kind === 'scan') from += ' NOT INDEXED';
  else if (access.kind === 'contentOrder') {
    const { textFts } = searchNames(f.dbId);
    from = `${textFts} CROSS JOIN ${doc} d ON d.id = ${textFts}.rowid`;
    params.push(f.content ?? '');
    where.push(`${textFts} MATCH ?`);
  } else {
    from += ' NOT INDEXED';
    const driver = f.conditions[access.kind === 'ids' ? access.condition : -1];
    where.push(
      driver
        ? `d.id IN (${mvRowsSql(f.dbId, driver.field, driver.pred, params)})`
        : `d.id IN (${contentRowsSql(f.dbId, f.content ?? '', params)})`,
    );
  }
  params.push(f.archiveId);
  where.push('d.archive_id = ?');
  f.conditions.forEach((c, i) => {
    if (access.kind === 'ids' && access.condition === i) return;
    where.push(conditionSql(f.dbId, c, params));
  });
  if (f.content !== undefined && access.kind !== 'content' && access.kind !== 'contentOrder')
    where.push(`d.id IN (${contentRowsSql(f.dbId, f.content, params)})`);
  return `FROM ${from} WHERE ${where.join(' AND ')}`;
}

/** The access that yields rows in the order of the first sort key. */
export function sortAccess(dbId: number, sort: SortKey[], content: boolean): Access {
  const first = sort[0];
  if (!first || first.field === 'id')
    return content ? { kind: 'contentOrder' } : { kind: 'index', index: archiveIndexName(dbId) };
  return { kind: 'index', index: fieldIndexName(dbId, first.field.id) };
}

/** The ORDER BY of a page read through `access`. */
export const pageOrder = (dbId: number, sort: SortKey[], access: Access): string =>
  orderBy(sort, access.kind === 'contentOrder' ? `${searchNames(dbId).textFts}.rowid` : 'd.id');

/** ORDER BY of the sort; `idColumn` names the document id (the FTS rowid when it drives in order). */
export function orderBy(sort: SortKey[], idColumn = 'd.id'): string {
  const keys = sort.map((k) => {
    const expr = k.field === 'id' ? idColumn : `${col(k.field)}${isText(k.field) ? ' COLLATE NOCASE' : ''}`;
    return `${expr} ${k.desc ? 'DESC' : 'ASC'}`;
  });
  // the document id breaks ties in the direction of the first key, as the index stores it
  if (!sort.some((k) => k.field === 'id')) keys.push(`${idColumn} ${sort[0]?.desc ? 'DESC' : 'ASC'}`);
  return `ORDER BY ${keys.join(', ')}`;
}

export const selectColumns = (columns: FieldRef[]): string =>
  ['d.id', 'd.file_type', 'd.file_path', 'd.version', 'd.root_version_id']
    .concat(columns.filter((c) => !c.multi).map(col))
    .join(', ');

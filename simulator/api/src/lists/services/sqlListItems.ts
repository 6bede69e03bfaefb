// The `[SQL]` lists of fields, read before the checks that need their items (decision 044): the
// checks run synchronously (some inside a write transaction), the queries in the list-query
// processes, so a request reads the lists its fields may offer first, then checks.
import type { FieldRule, FieldRulesRepo } from '../../fields/repos/fieldRulesRepo';
import { ListQueryError } from '../repos/sqlListQuery';
import { createFieldLists, type FieldLists, type SqlListItems } from './fieldLists';
import { log } from '../../log';
import type { ListQueries } from './listQueries';

/** One list's items; a [SQL] list's from its query (ListQueryError when it is refused or fails). */
export async function readListItems(
  rules: FieldRulesRepo,
  queries: ListQueries,
  listId: number,
): Promise<string[]> {
  const sql = rules.sqlList(listId);
  return sql ? queries.run(sql.databaseId, sql.query, sql.parameters) : rules.listItems(listId);
}

/**
 * The items of every [SQL] list these fields may offer (their own list, and a dynamic list's
 * mapped ones), by list id. A query that fails is logged once and kept as its error: a value
 * checked against that list is refused with the reason (fieldValidation.ts), not as "not an item".
 */
export async function sqlListItems(
  rules: FieldRulesRepo,
  queries: ListQueries,
  fields: Iterable<FieldRule>,
): Promise<Map<number, SqlListItems>> {
  const ids = new Set<number>();
  for (const f of fields) {
    if (f.listId) ids.add(f.listId);
    for (const id of rules.mappedLists(f.id)) ids.add(id);
  }
  const out = new Map<number, SqlListItems>();
  await Promise.all(
    [...ids].map(async (id) => {
      const sql = rules.sqlList(id);
      if (!sql) return;
      try {
        out.set(id, await queries.run(sql.databaseId, sql.query, sql.parameters));
      } catch (err) {
        if (!(err instanceof ListQueryError)) throw err;
        log.warn(`The [SQL] list ${id} of database ${sql.databaseId}`, err);
        out.set(id, err);
      }
    }),
  );
  return out;
}

/** The lists of the fields among `rules` that `sent` names, their [SQL] lists read. */
export function listsOfSent(
  rules: FieldRulesRepo,
  queries: ListQueries,
  fields: FieldRule[],
  sent: Iterable<{ id: number }>,
): Promise<FieldLists> {
  const ids = new Set([...sent].map((s) => s.id));
  return fieldListsFor(
    rules,
    queries,
    fields.filter((f) => ids.has(f.id)),
  );
}

/** The lists of these fields, their [SQL] lists read. */
export async function fieldListsFor(
  rules: FieldRulesRepo,
  queries: ListQueries,
  fields: Iterable<FieldRule>,
): Promise<FieldLists> {
  return createFieldLists(rules, await sqlListItems(rules, queries, fields));
}

// What a list offers, by its binding (contract/admin/catalog.ts): a static list its items, a
// `[SQL]` list its query's rows (run in the list-query processes with a time limit, decision 044),
// an assembly list its stored items; a `[MONGODB]` list is refused.
import { LIST_BINDING_PREFIX, type AdminList } from '@gs/contract/admin/catalog';
import { ListQueryError } from '../repos/sqlListQuery';
import { badRequest } from '../../domain/errors';
import type { ListQueries } from './listQueries';

export type ListBinding =
  | { kind: 'static' }
  | { kind: 'sql'; query: string }
  | { kind: 'mongodb'; query: string }
  | { kind: 'assembly'; path: string };

export const bindingMessages = {
  mongo:
    'Lists bound to a document database ([MONGODB]) cannot be read: this server has no document database.',
  assemblyParameters: 'An assembly-bound list needs both its path and its parameters.',
  assemblyPath: "An assembly-bound list's path must name a .dll (or start with [SQL] or [MONGODB]).",
  sqlQuery: 'A [SQL] list needs a query after [SQL], e.g. [SQL]SELECT name FROM ...',
};

const startsWith = (path: string, prefix: string): boolean =>
  path.slice(0, prefix.length).toUpperCase() === prefix.toUpperCase();

export function bindingOf(path: string): ListBinding {
  const p = path.trim();
  if (p === '') return { kind: 'static' };
  if (startsWith(p, LIST_BINDING_PREFIX.Sql))
    return { kind: 'sql', query: p.slice(LIST_BINDING_PREFIX.Sql.length).trim() };
  if (startsWith(p, LIST_BINDING_PREFIX.MongoDb))
    return { kind: 'mongodb', query: p.slice(LIST_BINDING_PREFIX.MongoDb.length).trim() };
  return { kind: 'assembly', path: p };
}

function checkAssembly(path: string, list: AdminList): void {
  if (!/\.dll$/i.test(path)) throw badRequest(bindingMessages.assemblyPath);
  if (list.AssemblyParameters.trim() === '') throw badRequest(bindingMessages.assemblyParameters);
}

export function createListBindings(queries: ListQueries) {
  const query = async (databaseId: number, sql: string, parameters: string): Promise<string[]> => {
    try {
      return await queries.run(databaseId, sql, parameters);
    } catch (err) {
      if (err instanceof ListQueryError) throw badRequest(err.message);
      throw err;
    }
  };

  /** 400 unless the binding can be saved: a [SQL] query must run, an assembly needs parameters */
  async function check(databaseId: number, list: AdminList): Promise<void> {
    const b = bindingOf(list.AssemblyPath);
    if (b.kind === 'assembly') checkAssembly(b.path, list);
    if (b.kind === 'sql') {
      if (b.query === '') throw badRequest(bindingMessages.sqlQuery);
      await query(databaseId, b.query, list.AssemblyParameters);
    }
  }

  /** the items a list of the database offers now; 400 for a [MONGODB] list or a [SQL] query that fails */
  async function items(databaseId: number, list: AdminList): Promise<string[]> {
    const b = bindingOf(list.AssemblyPath);
    if (b.kind === 'mongodb') throw badRequest(bindingMessages.mongo);
    if (b.kind === 'sql') return query(databaseId, b.query, list.AssemblyParameters);
    if (b.kind === 'assembly') checkAssembly(b.path, list);
    return list.Values;
  }

  return { check, items };
}
export type ListBindings = ReturnType<typeof createListBindings>;

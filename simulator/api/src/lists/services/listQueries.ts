// What runs the query of a `[SQL]` list (decision 044): its parameters parsed here, the query in
// the list-query processes (listQueryPool.ts) with the configured time limit. Every failure is a
// ListQueryError whose message says why (refused, not valid, failed, stopped at the limit).
import { ListQueryError, listParameters } from '../repos/sqlListQuery';
import type { ListQueryPool } from './listQueryPool';

export interface ListQueries {
  /** the items of a [SQL] list of database `databaseId`: the first column of each row */
  run(databaseId: number, sql: string, parameters: string): Promise<string[]>;
}

/** `snapshot`: the whole database with each query, for an in-memory one (tests) */
export function createListQueries(
  pool: ListQueryPool,
  timeLimitMs: number,
  snapshot?: () => Uint8Array,
): ListQueries {
  return {
    async run(databaseId, sql, parameters) {
      const params = listParameters(parameters);
      try {
        return await pool.run({ databaseId, sql, params, snapshot: snapshot?.() }, timeLimitMs);
      } catch (err) {
        if (err instanceof ListQueryError) throw err;
        throw new ListQueryError(`The query of the [SQL] list failed: ${(err as Error).message}`);
      }
    },
  };
}

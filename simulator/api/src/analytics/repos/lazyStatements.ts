// Statements prepared when first asked for and kept by key: the roll-up readers (history, workflow,
// capture) make up to 96 per shape, one per quarter hour a day may be cut in (decisions 073, 083).
import type { Db } from '../../db/connection';

export function lazyStatements(db: Db): (key: string, sql: () => string) => ReturnType<Db['prepare']> {
  const cache = new Map<string, ReturnType<Db['prepare']>>();
  return (key, sql) => {
    let s = cache.get(key);
    if (!s) {
      s = db.prepare(sql());
      cache.set(key, s);
    }
    return s;
  };
}

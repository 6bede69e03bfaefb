// A view of a connection whose `prepare` compiles the statement when it is first used, not when
// it is asked for. An app's repositories ask for about 300 statements when the app is made
// (db/repos.ts); compiling them all was a third of making an app, and the statements that write
// audit rows or batches compile their roll-up triggers too (decision 085). A request still
// compiles each statement it runs once per app, then reuses it.
import type { Db } from './connection';

type Statement = ReturnType<Db['prepare']>;
/** The statement's modes that return the statement itself: recorded until it is compiled. */
const MODES = new Set<PropertyKey>(['pluck', 'raw', 'expand', 'safeIntegers']);

export interface LazyDb {
  /** the connection, with a `prepare` that defers compiling */
  db: Db;
  /** compile every statement asked for so far (throws on the first that does not compile) */
  prepareAll: () => void;
}

export function lazyPrepare(real: Db): LazyDb {
  const pending: (() => Statement)[] = [];
  const prepare = (sql: string): Statement => {
    let compiled: Statement | undefined;
    const modes: [PropertyKey, unknown[]][] = [];
    const bound = new Map<PropertyKey, (...a: unknown[]) => unknown>();
    const statement = (): Statement => {
      if (!compiled) {
        let s = real.prepare(sql);
        for (const [mode, args] of modes) s = (s[mode as 'pluck'] as (...a: unknown[]) => Statement)(...args);
        compiled = s;
      }
      return compiled;
    };
    pending.push(statement);
    const lazy: Statement = new Proxy({} as Statement, {
      get(_target, key) {
        if (!compiled && MODES.has(key))
          return (...args: unknown[]) => {
            modes.push([key, args]);
            return lazy;
          };
        const s = statement();
        const value: unknown = Reflect.get(s, key, s);
        if (typeof value !== 'function') return value;
        let fn = bound.get(key);
        if (!fn) bound.set(key, (fn = (value as (...a: unknown[]) => unknown).bind(s)));
        return fn;
      },
    });
    return lazy;
  };
  const db = new Proxy(real, {
    get(target, key) {
      if (key === 'prepare') return prepare;
      const value: unknown = Reflect.get(target, key, target);
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  });
  return { db, prepareAll: () => pending.forEach((s) => s()) };
}

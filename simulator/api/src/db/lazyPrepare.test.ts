// lazyPrepare: statements compiled on first use, once, with the modes asked for before; and every
// statement the repositories ask for still compiles on the migrated schema (decision 085).
import { describe, expect, it, vi } from 'vitest';
import { openDatabase } from './connection';
import { lazyPrepare } from './lazyPrepare';
import { prepareEveryRepoStatement } from './repos';

describe('lazyPrepare', () => {
  it('compiles a statement when it is first run, once, with the modes asked for before', () => {
    const real = openDatabase(':memory:');
    real.exec(`INSERT INTO settings(key, value) VALUES ('a', '1'), ('b', '2')`);
    const spy = vi.spyOn(real, 'prepare');
    const { db } = lazyPrepare(real);
    const names = db.prepare(`SELECT key FROM settings WHERE key IN ('a', 'b') ORDER BY key`).pluck();
    const count = db.prepare(`SELECT value AS n FROM settings WHERE key = 'b'`);
    expect(spy).not.toHaveBeenCalled();
    expect(names.all()).toEqual(['a', 'b']);
    expect(names.all()).toEqual(['a', 'b']);
    expect(spy).toHaveBeenCalledTimes(1);
    expect(count.get()).toEqual({ n: '2' });
    expect(spy).toHaveBeenCalledTimes(2);
    expect(count.reader).toBe(true);
  });

  it('runs writes and transactions on the real connection', () => {
    const real = openDatabase(':memory:');
    const { db } = lazyPrepare(real);
    const set = db.prepare(`INSERT INTO settings(key, value) VALUES (?, ?)`);
    db.transaction(() => set.run('k', 'v'))();
    expect(real.prepare(`SELECT value FROM settings WHERE key = 'k'`).pluck().get()).toBe('v');
    expect(db.inTransaction).toBe(false);
  });

  it('reports a statement that does not compile when it is run, or by prepareAll', () => {
    const { db, prepareAll } = lazyPrepare(openDatabase(':memory:'));
    const bad = db.prepare(`SELECT nope FROM no_such_table`);
    expect(() => bad.get()).toThrow(/no such table/);
    expect(prepareAll).toThrow(/no such table/);
  });

  it('every statement of the repositories compiles on the migrated schema', () => {
    expect(() => prepareEveryRepoStatement(openDatabase(':memory:'))).not.toThrow();
  });
});

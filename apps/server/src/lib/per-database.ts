import type { Executor } from '../db/client.js';

/**
 * One `T` per database per process, made on first use: a prepared statement, an in-memory index,
 * a cache. Keyed by the database object, so test apps (each with its own database) never share.
 */
export function perDatabase<T, D extends Executor = Executor>(create: (db: D) => T): (db: D) => T {
  const made = new WeakMap<D, T>();
  return (db) => {
    let found = made.get(db);
    if (found === undefined) {
      found = create(db);
      made.set(db, found);
    }
    return found;
  };
}

import type { Executor } from '../db/client.js';
import { perDatabase } from './per-database.js';

/**
 * A statement prepared once per database for the queries nearly every request runs: drizzle
 * builds its SQL once instead of on each call, and PostgreSQL parses and plans it once per
 * connection. `prepare` gets the database and returns drizzle's `.prepare(name)`; names are
 * unique across the code, and the statement is for the database itself, not a transaction.
 */
export function preparedPerDatabase<S>(prepare: (db: Executor) => S): (db: Executor) => S {
  return perDatabase(prepare);
}

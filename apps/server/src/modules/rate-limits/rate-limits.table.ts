import { bigint, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { RATE_LIMITS_TABLE } from '../../infra/rate-limiters.js';

/**
 * Request counters shared by every instance when PostgreSQL is the database, in the columns
 * rate-limiter-flexible's RateLimiterPostgres reads and writes (infra/rate-limiters.ts): one row
 * per limited key (a limit's name and a client, or an e-mail address) for its current window,
 * `expire` in epoch milliseconds. The library would create the table itself; it is declared here
 * so the migrations keep the schema. Disposable data, so the table is UNLOGGED (see the
 * migrations): a hit writes no WAL and waits for no flush, and a database crash merely empties it.
 */
export const rateLimits = pgTable(
  RATE_LIMITS_TABLE,
  {
    key: text('key').primaryKey(),
    points: integer('points').notNull().default(0),
    expire: bigint('expire', { mode: 'number' }),
  },
  // The library deletes windows that ended an hour ago, every five minutes.
  (t) => [index('rate_limits_expire_idx').on(t.expire)],
);

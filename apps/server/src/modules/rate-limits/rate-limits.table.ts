import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Request counters shared by every instance when PostgreSQL is the database: one row per limited
 * key (a route and an address, or an e-mail address) for its current fixed window. Disposable
 * data, so the table is UNLOGGED (see the migration): a hit writes no WAL and waits for no flush,
 * and a database crash merely empties it.
 */
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: text('key').primaryKey(),
    hits: integer('hits').notNull(),
    resetAt: timestamp('reset_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('rate_limits_reset_at_idx').on(t.resetAt)],
);

import type pg from 'pg';
import { type RateLimiterAbstract, RateLimiterMemory, RateLimiterPostgres } from 'rate-limiter-flexible';

/** The counters' table, declared for the migrations in modules/rate-limits/rate-limits.table.ts. */
export const RATE_LIMITS_TABLE = 'rate_limits';

export interface Limit {
  max: number;
  windowMs: number;
}

/**
 * Makes the limiter counting under `name` (rate-limiter-flexible). Those of createRateLimiters on
 * PostgreSQL share the counts of one name in the table, whichever instance made them; those of
 * `instanceLimiters` count in this process only.
 */
export type RateLimiters = (name: string, limit: Limit) => RateLimiterAbstract;

/**
 * Counts in this process's memory. The embedded mode's limiters, the shared ones' insurance, and
 * the global flood limit on every database: counting it in the table cost one upsert per request
 * (docs/access.md, "How limits count").
 */
export const instanceLimiters: RateLimiters = (name, limit) =>
  new RateLimiterMemory(limiterOptions(name, limit));

function limiterOptions(keyPrefix: string, { max, windowMs }: Limit) {
  return { keyPrefix, points: max, duration: windowMs / 1000 };
}

interface Log {
  warn(details: object, message: string): void;
}

/** What rate-limiter-flexible runs its statements on (a pg pool answers it). */
export interface LimitsClient {
  query(config: pg.QueryConfig): Promise<pg.QueryResult>;
}

/**
 * With PostgreSQL (`pool`), counts in the rate_limits table, shared by every instance, with an
 * in-memory insurance limiter that counts instead while the database does not answer, so a
 * database hiccup neither blocks requests nor lifts the limits.
 *
 * The embedded mode (PGlite) counts in memory (RateLimiterMemory). PGlite would fit
 * RateLimiterPostgres (a client whose `query(text, values)` answers `rows` and `rowCount`, given
 * pg's `{text, values}` object), but one process holds its data folder, so memory counts are
 * already exact; and PGlite runs every query on the event loop through its one connection (a
 * counter upsert took ~0.2 ms there), which every request would pay and queue behind
 * transactions (docs/access.md).
 */
export function createRateLimiters(pool: LimitsClient | undefined, log: Log): RateLimiters {
  const client = pool && loggedClient(pool, log);
  if (!client) return instanceLimiters;
  return (name, limit) =>
    new RateLimiterPostgres({
      ...limiterOptions(name, limit),
      storeClient: client,
      storeType: 'client',
      tableName: RATE_LIMITS_TABLE,
      // The table comes from the migrations (rate-limits.table.ts), not from the library.
      tableCreated: true,
      insuranceLimiter: instanceLimiters(name, limit),
    });
}

/** The insurance limiter takes over silently: the log says why. */
function loggedClient(pool: LimitsClient, log: Log): LimitsClient {
  return {
    query: (config) =>
      pool.query(config).catch((err: Error) => {
        log.warn({ err: err.message }, 'rate limit count failed');
        throw err;
      }),
  };
}

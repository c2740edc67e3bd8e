import { and, eq, gt, lte, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { rateLimits } from './rate-limits.table.js';

export interface Count {
  /** Hits in the current window, this one included. */
  hits: number;
  /** Milliseconds until the window ends. */
  ttlMs: number;
}

/** What is left of a window, by the database's clock: one clock for every instance. */
const ttlMs = sql<number>`greatest(0, ceil(extract(epoch from (${rateLimits.resetAt} - now())) * 1000))::integer`;

function prepareCountHit(db: Executor) {
  const expired = sql`${rateLimits.resetAt} <= now()`;
  return db
    .insert(rateLimits)
    .values({
      key: sql.placeholder('key'),
      hits: 1,
      resetAt: sql`now() + ${sql.placeholder('windowMs')}::double precision * interval '1 millisecond'`,
    })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        hits: sql`case when ${expired} then 1 else ${rateLimits.hits} + 1 end`,
        resetAt: sql`case when ${expired} then excluded.reset_at else ${rateLimits.resetAt} end`,
      },
    })
    .returning({ hits: rateLimits.hits, ttlMs })
    .prepare('rate_limit_hit');
}

/** Built once per database: this runs on every request, and a prepared statement is ~3× cheaper. */
const preparedHits = new WeakMap<Executor, ReturnType<typeof prepareCountHit>>();

/**
 * Counts one hit on `key`, in a fixed window that starts at the first hit and lasts `windowMs`.
 * One atomic statement: concurrent hits from any number of instances are all counted, and an
 * expired window restarts at 1.
 */
export async function countHit(db: Executor, key: string, windowMs: number): Promise<Count> {
  let statement = preparedHits.get(db);
  if (!statement) {
    statement = prepareCountHit(db);
    preparedHits.set(db, statement);
  }
  const [row] = await statement.execute({ key, windowMs });
  if (!row) throw new Error('rate limit upsert returned no row');
  return { hits: row.hits, ttlMs: Number(row.ttlMs) };
}

/**
 * Counts several hits at once, `count` on each key (one statement, the same fixed windows as
 * countHit): the shared total of each key afterwards, in the order given.
 */
export async function countHits(
  db: Executor,
  hits: readonly { key: string; count: number; windowMs: number }[],
): Promise<(Count & { key: string })[]> {
  if (hits.length === 0) return [];
  const result = await db.execute<{ key: string; hits: number; ttl_ms: number }>(sql`
    insert into ${rateLimits} (key, hits, reset_at)
    select k, n, now() + w * interval '1 millisecond'
    from unnest(${sql.param(hits.map((h) => h.key))}::text[], ${sql.param(hits.map((h) => h.count))}::integer[],
                ${sql.param(hits.map((h) => h.windowMs))}::double precision[]) as t(k, n, w)
    on conflict (key) do update set
      hits = case when ${rateLimits.resetAt} <= now() then excluded.hits else ${rateLimits.hits} + excluded.hits end,
      reset_at = case when ${rateLimits.resetAt} <= now() then excluded.reset_at else ${rateLimits.resetAt} end
    returning key, hits, ${ttlMs} as ttl_ms`);
  const byKey = new Map(result.rows.map((r) => [r.key, r]));
  return hits.map(({ key }) => {
    const row = byKey.get(key);
    if (!row) throw new Error('rate limit upsert returned no row');
    return { key, hits: Number(row.hits), ttlMs: Number(row.ttl_ms) };
  });
}

/** The current window of `key` without counting; zero hits when there is none. */
export async function readCount(db: Executor, key: string): Promise<Count> {
  const [row] = await db
    .select({ hits: rateLimits.hits, ttlMs })
    .from(rateLimits)
    .where(and(eq(rateLimits.key, key), gt(rateLimits.resetAt, sql`now()`)));
  return row ? { hits: row.hits, ttlMs: Number(row.ttlMs) } : { hits: 0, ttlMs: 0 };
}

export async function deleteCount(db: Executor, key: string): Promise<void> {
  await db.delete(rateLimits).where(eq(rateLimits.key, key));
}

/** Drops the windows that have ended (the reset_at index finds them). */
export async function deleteExpiredCounts(db: Executor): Promise<void> {
  await db.delete(rateLimits).where(lte(rateLimits.resetAt, sql`now()`));
}

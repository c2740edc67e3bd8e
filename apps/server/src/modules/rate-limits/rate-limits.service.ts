import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import { type AttemptLimiter, MemoryAttemptLimiter } from '../../lib/attempt-limiter.js';
import type { HitBatcher } from './hit-batcher.js';
import * as repo from './rate-limits.repository.js';

/**
 * Limits that hold across instances. With PostgreSQL (DATABASE_URL) every count lives in the
 * rate_limits table, so a client meets the same limit whichever instance its request lands on;
 * the embedded mode (PGlite, one process) counts in memory.
 */
export function sharesLimits(config: Pick<Config, 'databaseUrl'>): boolean {
  return !!config.databaseUrl;
}

/** Attempts per key (an e-mail address) under `name`, shared when the database is PostgreSQL. */
export function createAttemptLimiter(
  { db, config }: { db: Db; config: Pick<Config, 'databaseUrl'> },
  name: string,
  limit: { max: number; windowMs: number },
): AttemptLimiter {
  if (!sharesLimits(config)) return new MemoryAttemptLimiter(limit.max, limit.windowMs);
  const keyOf = (key: string) => `${name}:${key}`;
  return {
    async hit(key) {
      return (await repo.countHit(db, keyOf(key), limit.windowMs)).hits <= limit.max;
    },
    async isBlocked(key) {
      return (await repo.readCount(db, keyOf(key))).hits >= limit.max;
    },
    async reset(key) {
      await repo.deleteCount(db, keyOf(key));
    },
  };
}

interface StoreOptions {
  continueExceeding?: boolean;
  exponentialBackoff?: boolean;
  routeInfo?: { method?: string | string[]; url?: string };
}

/**
 * A store for @fastify/rate-limit over the rate_limits table: one atomic upsert per request.
 * Keys are `ip:` + the route (for routes with their own limit) + the client address, so route
 * limits and the global one count apart, as in the plugin's own stores. With a `batcher`, the
 * global limit (the one every request meets) counts through it instead: a database round trip
 * per second rather than per request while a client is well below the limit (see HitBatcher);
 * the routes' own, tighter limits always count each hit in the table.
 */
export function postgresRateLimitStore(
  db: Db,
  log?: FastifyBaseLogger,
  batcher?: HitBatcher,
): FastifyRateLimitStoreCtor {
  const failed = (callback: (error: Error | null) => void) => (err: Error) => {
    log?.warn({ err: err.message }, 'rate limit count failed');
    callback(err);
  };
  class PostgresRateLimitStore implements FastifyRateLimitStore {
    constructor(
      options: StoreOptions,
      private readonly prefix = 'ip:',
      private readonly global = true,
    ) {
      // Fixed windows only: refuse what the upsert does not implement rather than ignore it.
      if (options.continueExceeding || options.exponentialBackoff) {
        throw new Error(
          'the PostgreSQL rate-limit store supports neither continueExceeding nor exponentialBackoff',
        );
      }
    }

    incr(
      key: string,
      callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
      timeWindow: number,
      max: number,
    ): void {
      const counted =
        batcher && this.global
          ? batcher.hit(this.prefix + key, timeWindow, max)
          : repo.countHit(db, this.prefix + key, timeWindow);
      counted.then((c) => callback(null, { current: c.hits, ttl: c.ttlMs }), failed(callback));
    }

    /** Peeks without counting (`increment: false`). */
    read(
      key: string,
      callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
    ): void {
      repo
        .readCount(db, this.prefix + key)
        .then((c) => callback(null, { current: c.hits, ttl: c.ttlMs }), failed(callback));
    }

    /** Typed as route options, but the plugin passes its merged limit settings with `routeInfo`. */
    child(routeOptions: object): FastifyRateLimitStore {
      const options = routeOptions as StoreOptions;
      const { method = '', url = '' } = options.routeInfo ?? {};
      return new PostgresRateLimitStore(options, `${this.prefix}${String(method)}${url}-`, false);
    }
  }
  return PostgresRateLimitStore as unknown as FastifyRateLimitStoreCtor;
}

const CLEANUP_EVERY_MS = 60_000;

/** Deletes ended windows every minute (any instance may; the work is idempotent); returns the stop. */
export function startRateLimitCleanup(
  db: Db,
  log: FastifyBaseLogger,
  everyMs = CLEANUP_EVERY_MS,
): () => void {
  const timer = setInterval(() => {
    repo.deleteExpiredCounts(db).catch((err: unknown) => log.warn({ err }, 'rate limit cleanup failed'));
  }, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}

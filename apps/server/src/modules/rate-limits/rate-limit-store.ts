import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import { type RateLimiterAbstract, RateLimiterRes } from 'rate-limiter-flexible';
import type { RateLimiters } from '../../infra/rate-limiters.js';

interface StoreOptions {
  max?: unknown;
  timeWindow?: unknown;
  continueExceeding?: boolean;
  exponentialBackoff?: boolean;
  routeInfo?: { method?: string | string[]; url?: string };
}

type Counted = (error: Error | null, result?: { current: number; ttl: number }) => void;

/** Who counts which limit: the plugin's global one, and the routes' own (`config.rateLimit`). */
export interface StoreLimiters {
  global: RateLimiters;
  routes: RateLimiters;
}

/**
 * A store for @fastify/rate-limit that counts with rate-limiter-flexible: the plugin keeps the
 * route options (`config.rateLimit`), the headers and the 429 answer. The plugin makes the store
 * for its global limit and asks it for a child per route with its own limit; the first counts with
 * `global`, the children with `routes`. Keys are `ip:` + the route (for routes with their own
 * limit) + the client, so route limits and the global one count apart, as in the plugin's own
 * stores.
 */
export function rateLimitStore(limiters: StoreLimiters): FastifyRateLimitStoreCtor {
  class LimiterStore implements FastifyRateLimitStore {
    private readonly limiter: RateLimiterAbstract;

    constructor(
      options: StoreOptions,
      private readonly prefix = 'ip',
      counting = limiters.global,
    ) {
      // Fixed windows of a fixed size only: refuse what the limiters do not implement rather than ignore it.
      if (options.continueExceeding || options.exponentialBackoff) {
        throw new Error('the rate-limit store supports neither continueExceeding nor exponentialBackoff');
      }
      const { max, timeWindow } = options;
      if (typeof max !== 'number' || typeof timeWindow !== 'number') {
        throw new Error('the rate-limit store needs max and timeWindow as numbers');
      }
      this.limiter = counting(prefix, { max, windowMs: timeWindow });
    }

    incr(key: string, callback: Counted): void {
      const counted = (res: RateLimiterRes) =>
        callback(null, { current: res.consumedPoints, ttl: res.msBeforeNext });
      this.limiter.consume(key).then(counted, (refusal: unknown) => {
        // Over the limit the library refuses with the count; an Error means it could not count.
        if (refusal instanceof RateLimiterRes) counted(refusal);
        else callback(refusal as Error);
      });
    }

    /** Typed as route options, but the plugin passes its merged limit settings with `routeInfo`. */
    child(routeOptions: object): FastifyRateLimitStore {
      const options = routeOptions as StoreOptions;
      const { method = '', url = '' } = options.routeInfo ?? {};
      return new LimiterStore(options, `${this.prefix}:${String(method)}${url}`, limiters.routes);
    }
  }
  return LimiterStore as unknown as FastifyRateLimitStoreCtor;
}

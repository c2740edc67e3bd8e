import { type RateLimiterAbstract, RateLimiterRes } from 'rate-limiter-flexible';

/** Counts attempts per key in fixed windows, for limits keyed by something other than the IP (an e-mail address). */
export interface AttemptLimiter {
  /** Records an attempt; false when the key is over its limit. */
  hit(key: string): Promise<boolean>;
  /** True when the key has used up its attempts in the current window (nothing is counted). */
  isBlocked(key: string): Promise<boolean>;
  /** Forgets the key's attempts (a successful login). */
  reset(key: string): Promise<void>;
}

export function attemptLimiter(limiter: RateLimiterAbstract): AttemptLimiter {
  return {
    hit: (key) => limiter.consume(key).then(() => true, overLimit),
    async isBlocked(key) {
      const counted = await limiter.get(key);
      return !!counted && counted.consumedPoints >= limiter.points;
    },
    async reset(key) {
      await limiter.delete(key);
    },
  };
}

/** The library refuses with the count when the key is over its limit, with an Error when it could not count. */
function overLimit(refusal: unknown): false {
  if (refusal instanceof RateLimiterRes) return false;
  throw refusal;
}

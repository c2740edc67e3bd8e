/**
 * Counts attempts per key in fixed windows, for limits keyed by something other than the IP
 * (an e-mail address). Asynchronous because with PostgreSQL the counts are shared by every
 * instance (modules/rate-limits); this file holds the in-memory one of the embedded mode.
 */
export interface AttemptLimiter {
  /** Records an attempt; false when the key is over its limit. */
  hit(key: string): Promise<boolean>;
  /** True when the key has used up its attempts in the current window (nothing is counted). */
  isBlocked(key: string): Promise<boolean>;
  /** Forgets the key's attempts (a successful login). */
  reset(key: string): Promise<void>;
}

export class MemoryAttemptLimiter implements AttemptLimiter {
  private readonly windows = new Map<string, { count: number; resetAt: number }>();

  constructor(
    private readonly max: number,
    private readonly windowMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  async hit(key: string): Promise<boolean> {
    const now = this.now();
    const current = this.windows.get(key);
    if (!current || current.resetAt <= now) {
      this.prune(now);
      this.windows.set(key, { count: 1, resetAt: now + this.windowMs });
      return this.max >= 1;
    }
    current.count += 1;
    return current.count <= this.max;
  }

  async isBlocked(key: string): Promise<boolean> {
    const current = this.windows.get(key);
    return !!current && current.resetAt > this.now() && current.count >= this.max;
  }

  async reset(key: string): Promise<void> {
    this.windows.delete(key);
  }

  private prune(now: number): void {
    if (this.windows.size < 10_000) return;
    for (const [key, w] of this.windows) if (w.resetAt <= now) this.windows.delete(key);
  }
}

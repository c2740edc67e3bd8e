/**
 * Counts attempts per key in fixed windows, for limits keyed by something other than the IP
 * (an e-mail address). In memory: each instance limits on its own until a shared store is set.
 */
export class AttemptLimiter {
  private readonly windows = new Map<string, { count: number; resetAt: number }>();

  constructor(
    private readonly max: number,
    private readonly windowMs: number,
  ) {}

  /** Records an attempt; false when the key is over its limit. */
  hit(key: string, now = Date.now()): boolean {
    const current = this.windows.get(key);
    if (!current || current.resetAt <= now) {
      this.prune(now);
      this.windows.set(key, { count: 1, resetAt: now + this.windowMs });
      return true;
    }
    current.count += 1;
    return current.count <= this.max;
  }

  isBlocked(key: string, now = Date.now()): boolean {
    const current = this.windows.get(key);
    return !!current && current.resetAt > now && current.count >= this.max;
  }

  reset(key: string): void {
    this.windows.delete(key);
  }

  private prune(now: number): void {
    if (this.windows.size < 10_000) return;
    for (const [key, w] of this.windows) if (w.resetAt <= now) this.windows.delete(key);
  }
}

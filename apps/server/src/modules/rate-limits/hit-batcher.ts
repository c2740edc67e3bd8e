import type { FastifyBaseLogger } from 'fastify';
import type { Executor } from '../../db/client.js';
import * as repo from './rate-limits.repository.js';

/** How long counted hits may wait in memory before they reach the shared table. */
const FLUSH_EVERY_MS = 1_000;
/** From this share of the limit on, each hit is counted in the database at once: exact near the limit. */
const EXACT_FROM = 0.5;

interface Window {
  /** The shared total (every instance) when the table last answered. */
  shared: number;
  /** Hits of this instance not yet in the table. */
  pending: number;
  /** When the window ends, by this machine's clock. */
  resetAt: number;
  windowMs: number;
}

/**
 * Counts hits on a shared limit with far fewer database round trips: the first hit of a window
 * and every hit past half the limit are counted in the table at once (exact, shared with every
 * instance), the others in memory and written once a second in one statement. A client well
 * below a limit therefore costs one statement per second per instance instead of one per
 * request, and one close to it is counted exactly; the total can lag behind by at most a second
 * of the other instances' hits while it is below half the limit. Meant for the global per-address
 * limit, which every request meets.
 */
export class HitBatcher {
  private readonly windows = new Map<string, Window>();
  private timer: NodeJS.Timeout | null = null;
  private flushing: Promise<void> | null = null;

  constructor(
    private readonly db: Executor,
    private readonly log?: Pick<FastifyBaseLogger, 'warn'>,
    private readonly now: () => number = Date.now,
  ) {}

  async hit(key: string, windowMs: number, max: number): Promise<repo.Count> {
    const now = this.now();
    const window = this.windows.get(key);
    const open = window && window.windowMs === windowMs && now < window.resetAt ? window : undefined;
    if (open && open.shared + open.pending + 1 <= max * EXACT_FROM) {
      open.pending += 1;
      this.schedule();
      return { hits: open.shared + open.pending, ttlMs: open.resetAt - now };
    }
    // The first hit of a window, or close to the limit: this hit and any waiting ones, now.
    const count = 1 + (open?.pending ?? 0);
    if (open) open.pending = 0;
    const [total] = await this.write([{ key, count, windowMs }]);
    if (!total) throw new Error('rate limit count returned nothing');
    return { hits: total.hits, ttlMs: total.ttlMs };
  }

  /** Writes what is waiting now, and stops the timer (the application closes). */
  async close(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.flushing;
    await this.flush();
  }

  private schedule(): void {
    if (this.timer) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      this.flushing = this.flush().finally(() => {
        this.flushing = null;
      });
    }, FLUSH_EVERY_MS);
    this.timer.unref();
  }

  private async flush(): Promise<void> {
    const batch: { key: string; count: number; windowMs: number }[] = [];
    for (const [key, w] of this.windows) {
      if (w.pending === 0) continue;
      batch.push({ key, count: w.pending, windowMs: w.windowMs });
      w.pending = 0;
    }
    try {
      await this.write(batch);
    } catch (err) {
      // Limits are best effort while the database is unwell: these hits are not retried.
      this.log?.warn({ err: (err as Error).message }, 'rate limit count failed');
    }
    const now = this.now();
    for (const [key, w] of this.windows) if (w.pending === 0 && now >= w.resetAt) this.windows.delete(key);
  }

  /** Counts in the table and takes the shared totals (and window ends) it answers. */
  private async write(hits: { key: string; count: number; windowMs: number }[]) {
    const totals = await repo.countHits(this.db, hits);
    const now = this.now();
    for (const [i, total] of totals.entries()) {
      const { windowMs } = hits[i] as { windowMs: number };
      const pending = this.windows.get(total.key)?.pending ?? 0;
      this.windows.set(total.key, { shared: total.hits, pending, resetAt: now + total.ttlMs, windowMs });
    }
    return totals;
  }
}

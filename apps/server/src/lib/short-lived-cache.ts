/**
 * Values read far more often than they change, kept for at most `ttlMs` after their read. The
 * code that changes one calls forget() after committing, so this instance never serves it stale;
 * other instances serve it for at most `ttlMs` more. One read runs however many ask at once; a
 * failed read is not kept; the oldest entries go first past `maxEntries`.
 */
export class ShortLivedCache<K, V> {
  private readonly entries = new Map<K, { value: Promise<V>; until: number }>();

  constructor(
    private readonly load: (key: K) => Promise<V>,
    private readonly ttlMs: number,
    private readonly maxEntries: number,
  ) {}

  get(key: K, now = Date.now()): Promise<V> {
    const entry = this.entries.get(key);
    if (entry && now < entry.until) return entry.value;
    const fresh = { value: this.load(key), until: now + this.ttlMs };
    this.entries.delete(key);
    if (this.entries.size >= this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    this.entries.set(key, fresh);
    fresh.value.catch(() => {
      if (this.entries.get(key) === fresh) this.entries.delete(key);
    });
    return fresh.value;
  }

  /**
   * After a committed change. A read still running may have started before the commit: it is
   * dropped with its entry, never stored again.
   */
  forget(...keys: K[]): void {
    for (const key of keys) this.entries.delete(key);
  }

  forgetAll(): void {
    this.entries.clear();
  }
}

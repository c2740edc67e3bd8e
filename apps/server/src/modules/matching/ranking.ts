/**
 * Keeps the best `k` items by score (ties: higher id first) without sorting everything:
 * a bounded min-heap, O(n log k) for n candidates.
 */
export class TopK {
  private readonly scores: number[] = [];
  private readonly ids: number[] = [];

  constructor(private readonly k: number) {}

  /** True when a ranks below b. */
  private below(i: number, j: number): boolean {
    const si = this.scores[i] ?? 0;
    const sj = this.scores[j] ?? 0;
    return si < sj || (si === sj && (this.ids[i] ?? 0) < (this.ids[j] ?? 0));
  }

  private swap(i: number, j: number): void {
    [this.scores[i], this.scores[j]] = [this.scores[j] ?? 0, this.scores[i] ?? 0];
    [this.ids[i], this.ids[j]] = [this.ids[j] ?? 0, this.ids[i] ?? 0];
  }

  /** True when nobody with this score can get in any more: the list is full of better ones. */
  refuses(score: number): boolean {
    return this.k <= 0 || (this.ids.length >= this.k && score < (this.scores[0] ?? 0));
  }

  offer(score: number, id: number): void {
    if (this.k <= 0) return;
    if (this.ids.length < this.k) {
      this.scores.push(score);
      this.ids.push(id);
      let i = this.ids.length - 1;
      while (i > 0) {
        const parent = (i - 1) >> 1;
        if (!this.below(i, parent)) break;
        this.swap(i, parent);
        i = parent;
      }
      return;
    }
    const worst = this.scores[0] ?? 0;
    if (score < worst || (score === worst && id < (this.ids[0] ?? 0))) return;
    this.scores[0] = score;
    this.ids[0] = id;
    let i = 0;
    for (;;) {
      const l = 2 * i + 1;
      const r = l + 1;
      let least = i;
      if (l < this.ids.length && this.below(l, least)) least = l;
      if (r < this.ids.length && this.below(r, least)) least = r;
      if (least === i) break;
      this.swap(i, least);
      i = least;
    }
  }

  /** Best first. */
  sorted(): { id: number; score: number }[] {
    return this.ids
      .map((id, i) => ({ id, score: this.scores[i] ?? 0 }))
      .sort((a, b) => b.score - a.score || b.id - a.id);
  }
}

/**
 * How a chapter is read (docs/viewer.md): right to left (Japanese manga, the default), left to
 * right, or one long vertical scroll (webtoon). It decides which arrow key turns forward and on
 * which side of a spread the lower page sits (the binding side).
 */
export type ReadingDirection = 'rtl' | 'ltr' | 'vertical';

export type PageTurn = 'next' | 'previous';

/**
 * The turn a key asks for in this reading direction, or null when the key turns nothing. A
 * vertical chapter is one scrolled column: its keys scroll (`scrollOfKey` in ./vertical-layout).
 */
export function turnOfKey(key: string, direction: ReadingDirection): PageTurn | null {
  if (direction === 'vertical') return null;
  if (key === 'PageDown') return 'next';
  if (key === 'PageUp') return 'previous';
  const forward = direction === 'rtl' ? 'ArrowLeft' : 'ArrowRight';
  const backward = direction === 'rtl' ? 'ArrowRight' : 'ArrowLeft';
  if (key === forward) return 'next';
  if (key === backward) return 'previous';
  return null;
}

/**
 * The openings of a printed chapter, as page indexes (0-based): the first page stands alone, as
 * the first page of a bound chapter faces the inside of the cover; then 2–3, 4–5, … Each opening is
 * listed in reading order (lower page first); `leftToRight` gives the screen order.
 */
export function openingsOf(pageCount: number): number[][] {
  if (pageCount <= 0) return [];
  const openings: number[][] = [[0]];
  for (let i = 1; i < pageCount; i += 2) openings.push(i + 1 < pageCount ? [i, i + 1] : [i]);
  return openings;
}

/** The opening that shows page `index`. */
export function openingIndexOf(openings: number[][], index: number): number {
  return Math.max(
    0,
    openings.findIndex((pages) => pages.includes(index)),
  );
}

/**
 * An opening's pages from left to right on screen: bound on the right (rtl), the lower page is on
 * the right; bound on the left (ltr), on the left. A vertical chapter has no spreads.
 */
export function leftToRight(pages: readonly number[], direction: ReadingDirection): number[] {
  return direction === 'rtl' ? [...pages].reverse() : [...pages];
}

/**
 * The page shown after a turn: one page at a time, or a whole opening in spread mode (the turn
 * lands on the first page of the next or previous opening). Stays put at either end.
 */
export function turnPage(index: number, turn: PageTurn, pageCount: number, spread: boolean): number {
  if (pageCount <= 0) return 0;
  if (!spread) {
    const target = turn === 'next' ? index + 1 : index - 1;
    return Math.min(pageCount - 1, Math.max(0, target));
  }
  const openings = openingsOf(pageCount);
  const current = openingIndexOf(openings, index);
  const target = turn === 'next' ? current + 1 : current - 1;
  const opening = openings[Math.min(openings.length - 1, Math.max(0, target))] ?? [0];
  return opening[0] ?? 0;
}

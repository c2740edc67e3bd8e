import { type RefObject, useLayoutEffect } from 'react';

/**
 * Scrolls a sideways-scrolling chart once, when it is first drawn, so that `x` (a position on its
 * track, px) sits near the left of what is visible: the charts open on today, not on their first
 * day (docs/schedule.md, "The chart"). Later scrolling is the reader's.
 */
export function useScrollToX(ref: RefObject<HTMLElement | null>, x: number, margin: number) {
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, on the first drawing
  useLayoutEffect(() => {
    const box = ref.current;
    if (box) box.scrollLeft = Math.max(0, x - margin);
  }, []);
}

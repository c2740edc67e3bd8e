export interface PositionOption {
  id: number;
  name: string;
}

/**
 * The positions one may apply for: the recruited ones that are among the user's own positions
 * (as the original apply dialog offers them), once each, in the recruitment's order.
 */
export function applicablePositions(
  recruited: readonly PositionOption[],
  mine: readonly number[],
): PositionOption[] {
  const seen = new Set<number>();
  return recruited.filter((p) => {
    if (!mine.includes(p.id) || seen.has(p.id)) return false;
    seen.add(p.id);
    return true;
  });
}

/** Similarity 0–1 as a percentage, rounded up (docs/matching.md). */
export const similarityPercent = (similar: number) => Math.ceil(similar * 100);

/**
 * Two revisions of a page, the older first, by their place in the page's revisions (oldest
 * first): the difference view reads "what the newer one changed", whichever side is on screen.
 */
export function olderNewer<T extends { id: number }>(
  revisions: readonly { id: number }[],
  a: T,
  b: T,
): readonly [T, T] {
  const at = (r: T) => revisions.findIndex((x) => x.id === r.id);
  return at(a) <= at(b) ? [a, b] : [b, a];
}

import type { CompareMode } from './compare-state';

/** Where a page opens in the viewer: the chapter, and the page (by number) and revision clicked. */
export function viewerPath(
  projectId: number,
  chapterId: number,
  at: { page?: number; revision?: number; spread?: boolean; compare?: number; mode?: CompareMode } = {},
): string {
  const params = new URLSearchParams({ projectId: String(projectId), chapterId: String(chapterId) });
  if (at.page !== undefined) params.set('page', String(at.page));
  if (at.revision !== undefined) params.set('rev', String(at.revision));
  if (at.spread) params.set('spread', '1');
  // Compare mode (docs/viewer.md): the other revision, and how the two are shown.
  if (at.compare !== undefined) params.set('compare', String(at.compare));
  if (at.compare !== undefined && at.mode) params.set('mode', at.mode);
  return `/chapter/viewer?${params.toString()}`;
}

import type { ViewerPagesData } from '@koma/shared/schemas';

/**
 * Where 閉じる leads from a viewer opened by a link, with nothing to go back to (docs/viewer.md,
 * "Closing"): the chapter's screen for its state and the reader, as the 話 list opens it — the
 * storyboard while its name is written or reviewed, never the work screen of a chapter that has
 * no work yet. The rule is the chapters feature's own (chapterRoute), loaded only when needed so
 * the viewer's chunk does not carry that feature.
 */
export async function closePath(projectId: number, chapterId: number, reply: ViewerPagesData | undefined) {
  const { chapterRoute, projectChaptersPath } = await import('../../chapters/lib/chapter-route');
  if (!reply) return projectChaptersPath(projectId);
  const { status, isFounder, isEditor } = reply.chapter;
  const destination = chapterRoute(projectId, { id: chapterId, status }, { isFounder, isEditor });
  return 'path' in destination ? destination.path : projectChaptersPath(projectId);
}

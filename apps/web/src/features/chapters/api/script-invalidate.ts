import type { QueryClient } from '@tanstack/react-query';
import { queryKeys } from '../../../lib/query-keys';

/**
 * After any change to a chapter or its storyboard: everything of the chapter (details, draft
 * pages), the project's chapter list, and the to-do list and dashboard (their items are derived
 * from the chapter's state). Resolves once the chapter's open queries have reloaded, so a
 * mutation that returns it stays pending until the screen shows the new state (no button acts
 * on a stale list in between).
 */
export function invalidateChapter(
  queryClient: QueryClient,
  projectId: number,
  chapterId?: number,
): Promise<unknown> {
  void queryClient.invalidateQueries({ queryKey: queryKeys.chapters(projectId) });
  void queryClient.invalidateQueries({ queryKey: queryKeys.todo });
  void queryClient.invalidateQueries({ queryKey: queryKeys.homePage });
  return chapterId === undefined
    ? Promise.resolve()
    : queryClient.invalidateQueries({ queryKey: queryKeys.chapter(chapterId) });
}

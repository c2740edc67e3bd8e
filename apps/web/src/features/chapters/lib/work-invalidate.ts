import type { QueryClient } from '@tanstack/react-query';
import { queryKeys } from '../../../lib/query-keys';

/**
 * After any change on the work screen: everything of the chapter (details, pages, steps), the
 * to-do list and the dashboard (to-do items are derived from the chapter's state), and the
 * step's history when one step changed.
 */
export function invalidateWork(queryClient: QueryClient, chapterId: number, stepId?: number): void {
  void queryClient.invalidateQueries({ queryKey: queryKeys.chapter(chapterId) });
  void queryClient.invalidateQueries({ queryKey: queryKeys.todo });
  void queryClient.invalidateQueries({ queryKey: queryKeys.homePage });
  if (stepId !== undefined) void queryClient.invalidateQueries({ queryKey: queryKeys.stepHistory(stepId) });
}

import type { QueryClient } from '@tanstack/react-query';
import { queryKeys } from '../../../lib/query-keys';

/**
 * After a due day or the buffer changed: everything of the chapter (schedule, pages, steps), the
 * project's chapter list and the dashboard, which show the forecast too.
 */
export function invalidateSchedule(queryClient: QueryClient, projectId: number, chapterId: number): void {
  void queryClient.invalidateQueries({ queryKey: queryKeys.chapter(chapterId) });
  void queryClient.invalidateQueries({ queryKey: queryKeys.chapters(projectId) });
  void queryClient.invalidateQueries({ queryKey: queryKeys.homePage });
}

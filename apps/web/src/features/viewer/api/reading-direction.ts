import type { ReadingDirection } from '@koma/shared/schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** projects.readingDirection: the founder sets how the viewer turns the project's pages. */
export function useReadingDirection(projectId: number, chapterId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (direction: ReadingDirection) =>
      call('projects', 'readingDirection', { projectId, direction }),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.viewerPages(chapterId) });
    },
  });
}

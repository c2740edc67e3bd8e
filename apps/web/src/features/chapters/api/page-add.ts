import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { invalidateChapter } from './script-invalidate';

/** POST /api/page/addNew {projectId, chapterId} (creators, status 1/5): appends an empty page. */
export function usePageAdd(projectId: number, chapterId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      api.post<{ pageId: number }>('/api/page/addNew', { projectId, chapterId }, { successToast: true }),
    onSettled: () => invalidateChapter(queryClient, projectId, chapterId),
  });
}

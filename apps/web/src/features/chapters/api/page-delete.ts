import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { invalidateChapter } from './script-invalidate';

/** POST /api/page/delPage {projectId, pageId} (creators, status 1/5): later pages are renumbered. */
export function usePageDelete(projectId: number, chapterId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (pageId: number) =>
      api.post<null>('/api/page/delPage', { projectId, pageId }, { successToast: true }),
    onSettled: () => invalidateChapter(queryClient, projectId, chapterId),
  });
}

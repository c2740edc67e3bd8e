import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { invalidateWork } from '../lib/work-invalidate';

/**
 * POST /api/workflow/chapter/actionCommit {projectId, chapterId}: the founder asks the editor for
 * the final approval (校了申請; every page done); the work flow can no longer change.
 */
export function useChapterActionCommit(projectId: number, chapterId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      api.post<null>('/api/workflow/chapter/actionCommit', { projectId, chapterId }, { successToast: true }),
    onSettled: () => invalidateWork(queryClient, chapterId),
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { invalidateChapter } from './script-invalidate';

/**
 * chapters.submitNames (creators, status 1/5): every page uploaded and an editor in charge →
 * status 4, the editor is told.
 */
export function useCommitPages(projectId: number, chapterId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => call('chapters', 'submitNames', { projectId, chapterId }, { successToast: true }),
    onSettled: () => invalidateChapter(queryClient, projectId, chapterId),
  });
}

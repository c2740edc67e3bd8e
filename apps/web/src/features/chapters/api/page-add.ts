import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { invalidateChapter } from './script-invalidate';

/** pages.add (creators, status 1/5): appends an empty page. */
export function usePageAdd(projectId: number, chapterId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => call('pages', 'add', { projectId, chapterId }, { successToast: true }),
    onSettled: () => invalidateChapter(queryClient, projectId, chapterId),
  });
}

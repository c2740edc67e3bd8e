import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { invalidateChapter } from './script-invalidate';

/** pages.remove (creators, status 1/5): later pages are renumbered. */
export function usePageDelete(projectId: number, chapterId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (pageId: number) => call('pages', 'remove', { projectId, pageId }, { successToast: true }),
    onSettled: () => invalidateChapter(queryClient, projectId, chapterId),
  });
}

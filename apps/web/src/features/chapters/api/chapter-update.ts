import type { ApiInput } from '@koma/shared/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { invalidateChapter } from './script-invalidate';

/** chapters.update (founder; 409 once the final audit passed). The page count is read-only here. */
export function useChapterUpdate(projectId: number, chapterId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: Omit<ApiInput<'chapters', 'update'>, 'projectId' | 'chapterId' | 'page'>) =>
      call('chapters', 'update', { ...body, projectId, chapterId }, { successToast: true }),
    onSettled: () => invalidateChapter(queryClient, projectId, chapterId),
  });
}

import type { ApiInput } from '@koma/shared/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { invalidateChapter } from './script-invalidate';

/** chapters.add (founder) → {chapterId}. */
export function useChapterAdd(projectId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: Omit<ApiInput<'chapters', 'add'>, 'projectId'>) =>
      call('chapters', 'add', { ...body, projectId }, { successToast: true }),
    onSuccess: () => invalidateChapter(queryClient, projectId),
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** editorialThread.add: posts in the chapter's editorial thread. */
export function useEditorialThreadAdd(projectId: number, chapterId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (content: string) =>
      call('editorialThread', 'add', { projectId, chapterId, content }, { silent: true }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.editorialThread(chapterId) }),
  });
}

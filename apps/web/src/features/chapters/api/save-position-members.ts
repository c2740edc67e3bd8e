import type { ApiInput } from '@koma/shared/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/**
 * workflow.savePlan: the changed pages with all their steps in order. Success shows the info
 * (the chapter is now 制作中); a refusal (e.g. 409 '削除禁止！') its toast.
 */
export function useSavePositionMembers() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ApiInput<'workflow', 'savePlan'>) =>
      call('workflow', 'savePlan', body, { successToast: true }),
    onSettled: (_data, _error, body) => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.chapter(Number(body.chapterId)) });
      void queryClient.invalidateQueries({ queryKey: queryKeys.chapters(Number(body.projectId)) });
      void queryClient.invalidateQueries({ queryKey: queryKeys.todo });
    },
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** workflow.handOver: the founder gives a step not yet approved to another member. */
export function useHandOver() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { projectId: number; chapterId: number; stepId: number; toUserId: number }) =>
      call('workflow', 'handOver', body, { successToast: true }),
    onSettled: (_data, _error, body) => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.memberWorkOf(body.projectId) });
      void queryClient.invalidateQueries({ queryKey: queryKeys.projectEvents(body.projectId) });
    },
  });
}

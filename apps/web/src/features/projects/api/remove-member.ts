import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** projects.removeMember: the founder removes a member whose work is all handed over. */
export function useRemoveMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { projectId: number; userId: number }) =>
      call('projects', 'removeMember', body, { successToast: true }),
    onSettled: (_data, _error, body) => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.projectDetail(body.projectId) });
      void queryClient.invalidateQueries({ queryKey: queryKeys.memberWorkOf(body.projectId) });
      void queryClient.invalidateQueries({ queryKey: queryKeys.projectEvents(body.projectId) });
    },
  });
}

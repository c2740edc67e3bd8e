import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** invitations.allowInviter: the founder lets a member invite, or takes it back. */
export function useAllowInviter() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { projectId: number; userId: number; allow: boolean }) =>
      call('invitations', 'allowInviter', body, { successToast: true }),
    onSettled: (_data, _error, body) => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.projectDetail(body.projectId) });
      void queryClient.invalidateQueries({ queryKey: queryKeys.projectEvents(body.projectId) });
    },
  });
}

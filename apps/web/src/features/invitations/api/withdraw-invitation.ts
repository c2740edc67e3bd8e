import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** invitations.withdraw: the founder, or the member who sent it, takes back an invitation not answered yet. */
export function useWithdrawInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { projectId: number; invitationId: number }) =>
      call('invitations', 'withdraw', body, { successToast: true }),
    onSettled: (_data, _error, body) => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.projectInvitations(body.projectId) });
      void queryClient.invalidateQueries({ queryKey: queryKeys.projectEvents(body.projectId) });
    },
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/**
 * invitations.answer (an invitation to my account) or answerLink (a mail link's token, as the
 * logged-in user): both reply the project, which a yes leads to.
 */
export function useAnswerInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { invitationId: number; accept: boolean } | { token: string; accept: boolean }) =>
      'token' in body
        ? call('invitations', 'answerLink', body, { successToast: true })
        : call('invitations', 'answer', body, { successToast: true }),
    onSettled: () => {
      // The to-do's count and the project lists change with the answer.
      void queryClient.invalidateQueries({ queryKey: queryKeys.invitations });
      void queryClient.invalidateQueries({ queryKey: queryKeys.todo });
      void queryClient.invalidateQueries({ queryKey: queryKeys.homePage });
      void queryClient.invalidateQueries({ queryKey: queryKeys.projects });
    },
  });
}

import type { ApiInput } from '@koma/shared/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export type OfferedPart = ApiInput<'invitations', 'invite'>['part'];

/** Whom the inviter invites: an account (a friend, someone found), or a mail address. */
export type Invitee = { userId: number } | { email: string };

/**
 * invitations.invite / inviteByMail: the founder (or a member she allowed) offers a part to a person or to a mail address.
 * Not quiet: a refusal (already a member, too many waiting) shows the server's words.
 */
export function useSendInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ projectId, to, part }: { projectId: number; to: Invitee; part: OfferedPart }) =>
      'email' in to
        ? call('invitations', 'inviteByMail', { projectId, email: to.email, part }, { successToast: true })
        : call('invitations', 'invite', { projectId, userId: to.userId, part }, { successToast: true }),
    onSettled: (_data, _error, body) => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.projectInvitations(body.projectId) });
      void queryClient.invalidateQueries({ queryKey: queryKeys.projectEvents(body.projectId) });
    },
  });
}

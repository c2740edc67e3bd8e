import type { ApiReply } from '@koma/shared/contract';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export type InvitationOffer = ApiReply<'invitations', 'link'>;

/** invitations.link: what a mail link offers, before any login. Quiet: the page says what failed. */
export function useInvitationLink(token: string) {
  return useQuery({
    queryKey: queryKeys.invitationLink(token),
    queryFn: ({ signal }) => call('invitations', 'link', { token }, { silent: true, quiet: true, signal }),
    enabled: token !== '',
    retry: false,
    staleTime: 0,
  });
}

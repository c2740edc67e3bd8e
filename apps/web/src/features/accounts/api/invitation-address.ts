import { TeamInvitationStatus } from '@koma/shared/constants';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/**
 * invitations.link, read by the sign-up a mail invitation leads to: the address the link was
 * mailed to, while the invitation still waits (the short form is taken then only). Quiet: without
 * it the form is the usual one.
 */
export function useInvitationAddress(token: string) {
  return useQuery({
    queryKey: queryKeys.invitationLink(token),
    queryFn: ({ signal }) => call('invitations', 'link', { token }, { silent: true, quiet: true, signal }),
    enabled: token !== '',
    retry: false,
    select: (offer) => (offer.status === TeamInvitationStatus.PENDING ? offer.email : null),
  });
}

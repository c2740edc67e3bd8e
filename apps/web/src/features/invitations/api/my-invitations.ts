import type { ApiReply } from '@koma/shared/contract';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export type MyInvitation = ApiReply<'invitations', 'mine'>['list'][number];

/** invitations.mine: invitations waiting for my answer. Quiet: the page shows a failure itself. */
export function useMyInvitations() {
  return useQuery({
    queryKey: queryKeys.myInvitations,
    queryFn: async ({ signal }) =>
      (await call('invitations', 'mine', undefined, { silent: true, quiet: true, signal })).list,
    staleTime: 0,
  });
}

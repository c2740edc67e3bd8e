import type { ApiReply } from '@koma/shared/contract';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export type ProjectInvitation = ApiReply<'invitations', 'ofProject'>['list'][number];

/** invitations.ofProject: the founder's list, waiting ones and lately answered. Quiet: the list shows a failure. */
export function useProjectInvitations(projectId: number) {
  return useQuery({
    queryKey: queryKeys.projectInvitations(projectId),
    queryFn: async ({ signal }) =>
      (await call('invitations', 'ofProject', { projectId }, { silent: true, quiet: true, signal })).list,
    staleTime: 0,
  });
}

import { useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/**
 * invitations.projects: the ongoing projects the caller may invite to, founded or allowed by
 * their founder (docs/access.md, "Inviting"). Asked afresh each time: a grant may have just come.
 */
export function useInvitableProjects(enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.invitableProjects,
    queryFn: async ({ signal }) =>
      (await call('invitations', 'projects', undefined, { silent: true, quiet: true, signal })).list,
    enabled,
    staleTime: 0,
  });
}

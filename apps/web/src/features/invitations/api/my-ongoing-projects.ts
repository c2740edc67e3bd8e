import { useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** projects.mine (type 1, the projects I founded): the ongoing ones, which take invitations. */
export function useMyOngoingProjects(enabled: boolean) {
  return useQuery({
    queryKey: [...queryKeys.projects, 1, '', 'ongoing'],
    queryFn: async ({ signal }) =>
      (await call('projects', 'mine', { type: 1, keyword: '' }, { silent: true, quiet: true, signal })).goon,
    enabled,
    staleTime: 0,
  });
}

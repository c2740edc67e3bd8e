import { useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** projects.memberWork: a member's steps not yet approved, with who may take each. */
export function useMemberWork(projectId: number, userId: number, enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.memberWork(projectId, userId),
    queryFn: ({ signal }) => call('projects', 'memberWork', { projectId, userId }, { silent: true, signal }),
    enabled,
    staleTime: 0,
  });
}

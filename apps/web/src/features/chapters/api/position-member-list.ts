import { useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/**
 * workflow.positions: each position with the members who may take it (its holders and the
 * founder). The screen shows a failure itself.
 */
export function usePositionMemberList(projectId: number, chapterId: number) {
  return useQuery({
    queryKey: [...queryKeys.chapter(chapterId), 'positionMembers'] as const,
    queryFn: ({ signal }) =>
      call('workflow', 'positions', { projectId, chapterId }, { silent: true, quiet: true, signal }),
  });
}

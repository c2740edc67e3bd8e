import type { positionMembersData } from '@koma/shared';
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export type PositionMembersData = z.infer<typeof positionMembersData>;

/**
 * POST /api/workflow/positionMemberList {projectId, chapterId}: each position with the members
 * who may take it (its holders and the founder). The screen shows a failure itself.
 */
export function usePositionMemberList(projectId: number, chapterId: number) {
  return useQuery({
    queryKey: [...queryKeys.chapter(chapterId), 'positionMembers'] as const,
    queryFn: ({ signal }) =>
      api.post<PositionMembersData>(
        '/api/workflow/positionMemberList',
        { projectId, chapterId },
        { silent: true, quiet: true, signal },
      ),
  });
}

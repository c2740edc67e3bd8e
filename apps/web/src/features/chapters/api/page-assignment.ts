import type { pageAssignmentData } from '@koma/shared';
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export type PageAssignmentData = z.infer<typeof pageAssignmentData>;

/**
 * POST /api/workflow/getPositionMembers {projectId, chapterId}: every page with its steps in
 * order (`locked` once started) and whether the flow may still change. The screen shows a
 * failure itself.
 */
export function usePageAssignment(projectId: number, chapterId: number) {
  return useQuery({
    queryKey: queryKeys.pageAssignment(chapterId),
    queryFn: ({ signal }) =>
      api.post<PageAssignmentData>(
        '/api/workflow/getPositionMembers',
        { projectId, chapterId },
        { silent: true, quiet: true, signal },
      ),
    staleTime: 0,
  });
}

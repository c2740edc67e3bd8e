import type { ApiReply } from '@koma/shared/contract';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export type PageAssignmentData = ApiReply<'workflow', 'plan'>;

/**
 * workflow.plan: every page with its steps in order (`locked` once started) and whether the flow
 * may still change. The screen shows a failure itself.
 */
export function usePageAssignment(projectId: number, chapterId: number) {
  return useQuery({
    queryKey: queryKeys.pageAssignment(chapterId),
    queryFn: ({ signal }) =>
      call('workflow', 'plan', { projectId, chapterId }, { silent: true, quiet: true, signal }),
    staleTime: 0,
  });
}

import { useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/**
 * workflow.comments: only the sendings back, each with its remark and example image. Loaded
 * while its dialog is open.
 */
export function useCommentList(projectId: number, workflowStepId: number | null) {
  return useQuery({
    queryKey: [...queryKeys.stepHistory(workflowStepId ?? 0), 'comments'],
    queryFn: ({ signal }) =>
      call(
        'workflow',
        'comments',
        { projectId, workflowStepId: workflowStepId ?? 0 },
        { silent: true, quiet: true, signal },
      ),
    enabled: workflowStepId !== null,
    staleTime: 0,
  });
}

import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import type { StepHistory } from './commit-list';

/**
 * POST /api/workflow/commentList {projectId, workflowStepId}: only the sendings back, each with
 * its remark and example image. Loaded while its dialog is open.
 */
export function useCommentList(projectId: number, workflowStepId: number | null) {
  return useQuery({
    queryKey: [...queryKeys.stepHistory(workflowStepId ?? 0), 'comments'],
    queryFn: ({ signal }) =>
      api.post<StepHistory>(
        '/api/workflow/commentList',
        { projectId, workflowStepId },
        { silent: true, quiet: true, signal },
      ),
    enabled: workflowStepId !== null,
    staleTime: 0,
  });
}

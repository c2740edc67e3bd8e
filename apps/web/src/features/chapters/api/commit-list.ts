import type { ApiReply } from '@koma/shared/contract';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export type StepHistoryEntry = ApiReply<'workflow', 'history'>['list'][number];

/**
 * workflow.history: the step's history, newest first (commits and sendings back). Loaded while
 * its dialog is open.
 */
export function useCommitList(projectId: number, workflowStepId: number | null) {
  return useQuery({
    queryKey: queryKeys.stepHistory(workflowStepId ?? 0),
    queryFn: ({ signal }) =>
      call(
        'workflow',
        'history',
        { projectId, workflowStepId: workflowStepId ?? 0 },
        { silent: true, quiet: true, signal },
      ),
    enabled: workflowStepId !== null,
    staleTime: 0,
  });
}

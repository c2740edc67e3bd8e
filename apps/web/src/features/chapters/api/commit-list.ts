import type { stepHistoryData } from '@koma/shared';
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export type StepHistory = z.infer<typeof stepHistoryData>;
export type StepHistoryEntry = StepHistory['list'][number];

/**
 * POST /api/workflow/commitList {projectId, workflowStepId}: the step's history, newest first
 * (commits and sendings back). Loaded while its dialog is open.
 */
export function useCommitList(projectId: number, workflowStepId: number | null) {
  return useQuery({
    queryKey: queryKeys.stepHistory(workflowStepId ?? 0),
    queryFn: ({ signal }) =>
      api.post<StepHistory>(
        '/api/workflow/commitList',
        { projectId, workflowStepId },
        { silent: true, quiet: true, signal },
      ),
    enabled: workflowStepId !== null,
    staleTime: 0,
  });
}

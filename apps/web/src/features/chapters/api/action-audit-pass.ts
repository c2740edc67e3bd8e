import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { invalidateWork } from '../lib/work-invalidate';

/** POST /api/workflow/actionAuditPass {projectId, workflowStepId}: an approver passes a step (5 → 10). */
export function useActionAuditPass(projectId: number, chapterId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (workflowStepId: number) =>
      api.post<null>('/api/workflow/actionAuditPass', { projectId, workflowStepId }, { successToast: true }),
    onSettled: (_data, _error, stepId) => invalidateWork(queryClient, chapterId, stepId),
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { invalidateWork } from '../lib/work-invalidate';

/** workflow.pass: an approver passes a step (5 → 10). */
export function useActionAuditPass(projectId: number, chapterId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (workflowStepId: number) =>
      call('workflow', 'pass', { projectId, workflowStepId }, { successToast: true }),
    onSettled: (_data, _error, stepId) => invalidateWork(queryClient, chapterId, stepId),
  });
}

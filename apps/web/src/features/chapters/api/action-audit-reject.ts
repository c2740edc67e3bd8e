import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { invalidateWork } from '../lib/work-invalidate';

export interface StepRejectInput {
  workflowStepId: number;
  remark: string;
  /** An example image uploaded with type 15 ('' for none). */
  filePath: string;
}

/** workflow.reject: an approver sends a step back (5 → -10) with a reason and an optional example image. */
export function useActionAuditReject(projectId: number, chapterId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: StepRejectInput) =>
      call('workflow', 'reject', { projectId, ...input }, { successToast: true }),
    onSettled: (_data, _error, { workflowStepId }) => invalidateWork(queryClient, chapterId, workflowStepId),
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { invalidateWork } from '../lib/work-invalidate';

/**
 * workflow.start: the assignee starts the current step (0 → 1); resolves to the signed link of
 * the input file (the previous step's file, or the approved storyboard page).
 */
export function useActionStart(projectId: number, chapterId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (workflowStepId: number) =>
      (await call('workflow', 'start', { projectId, workflowStepId }, { successToast: true })).downloadUrl,
    onSettled: (_data, _error, stepId) => invalidateWork(queryClient, chapterId, stepId),
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { invalidateWork } from '../lib/work-invalidate';

/** workflow.commit: the assignee hands in the file uploaded with type 11 (1 or -10 → 5 承認待ち). */
export function useActionCommit(projectId: number, chapterId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ workflowStepId, filePath }: { workflowStepId: number; filePath: string }) =>
      call('workflow', 'commit', { projectId, workflowStepId, filePath }, { successToast: true }),
    onSettled: (_data, _error, { workflowStepId }) => invalidateWork(queryClient, chapterId, workflowStepId),
  });
}

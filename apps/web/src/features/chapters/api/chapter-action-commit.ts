import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { invalidateWork } from '../lib/work-invalidate';

/**
 * workflow.submitAudit: the founder asks the editor for the final approval (校了申請; every page
 * done); the work flow can no longer change.
 */
export function useChapterActionCommit(projectId: number, chapterId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    // confirmWarnings: the founder confirmed the preflight's warnings (docs/print.md, "The final audit").
    mutationFn: (confirmWarnings: boolean) =>
      call('workflow', 'submitAudit', { projectId, chapterId, confirmWarnings }, { successToast: true }),
    onSettled: () => invalidateWork(queryClient, chapterId),
  });
}

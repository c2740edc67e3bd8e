import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { invalidateWork } from '../lib/work-invalidate';

/** workflow.rejectAudit: the editor sends the chapter back (修正が必要) with a reason. */
export function useChapterActionAuditReject(projectId: number, chapterId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (remark: string) =>
      call('workflow', 'rejectAudit', { projectId, chapterId, remark }, { successToast: true }),
    onSettled: () => invalidateWork(queryClient, chapterId),
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { invalidateWork } from '../lib/work-invalidate';

/**
 * POST /api/workflow/chapter/actionAuditReject {projectId, chapterId, remark}: the editor sends
 * the chapter back (修正が必要) with a reason.
 */
export function useChapterActionAuditReject(projectId: number, chapterId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (remark: string) =>
      api.post<null>(
        '/api/workflow/chapter/actionAuditReject',
        { projectId, chapterId, remark },
        { successToast: true },
      ),
    onSettled: () => invalidateWork(queryClient, chapterId),
  });
}

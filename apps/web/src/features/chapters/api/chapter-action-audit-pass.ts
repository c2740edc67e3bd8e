import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { invalidateWork } from '../lib/work-invalidate';

/**
 * workflow.passAudit: the editor gives the final approval (校了): the chapter can no longer be
 * edited, and a one-shot project completes.
 */
export function useChapterActionAuditPass(projectId: number, chapterId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => call('workflow', 'passAudit', { projectId, chapterId }, { successToast: true }),
    onSettled: () => {
      invalidateWork(queryClient, chapterId);
      // The chapter list shows 校了, and a one-shot project is now completed.
      void queryClient.invalidateQueries({ queryKey: queryKeys.chapters(projectId) });
      void queryClient.invalidateQueries({ queryKey: queryKeys.projects });
      void queryClient.invalidateQueries({ queryKey: queryKeys.projectDetail(projectId) });
    },
  });
}

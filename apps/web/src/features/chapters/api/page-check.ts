import type { ApiInput } from '@koma/shared/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { invalidateChapter } from './script-invalidate';

type Check = Pick<ApiInput<'pages', 'check'>, 'pageId' | 'checkStatus'> & { remark?: string };

/** pages.check: checkStatus 1 passes, 2 sends a page back with its reason (editor, status 4). */
export function usePageCheck(projectId: number, chapterId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ pageId, checkStatus, remark = '' }: Check) =>
      call('pages', 'check', { projectId, pageId, checkStatus, remark }, { successToast: true }),
    onSettled: () => invalidateChapter(queryClient, projectId, chapterId),
  });
}

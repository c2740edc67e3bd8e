import type { CheckStatus } from '@koma/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { invalidateChapter } from './script-invalidate';

type Check = (typeof CheckStatus)[keyof typeof CheckStatus];

/** POST /api/page/editorCheck {projectId, pageId, checkStatus 1 pass / 2 reject} (editor, status 4). */
export function usePageCheck(projectId: number, chapterId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ pageId, checkStatus }: { pageId: number; checkStatus: Check }) =>
      api.post<null>('/api/page/editorCheck', { projectId, pageId, checkStatus }, { successToast: true }),
    onSettled: () => invalidateChapter(queryClient, projectId, chapterId),
  });
}

import type { ChapterUpdateBody } from '@koma/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { invalidateChapter } from './script-invalidate';

/**
 * POST /api/chapter/update {projectId, chapterId, title, icon, scriptAt, checkAt} (founder; 409
 * once the final audit passed). The page count is read-only here.
 */
export function useChapterUpdate(projectId: number, chapterId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: Omit<ChapterUpdateBody, 'projectId' | 'chapterId' | 'page'>) =>
      api.post<null>('/api/chapter/update', { ...body, projectId, chapterId }, { successToast: true }),
    onSettled: () => invalidateChapter(queryClient, projectId, chapterId),
  });
}

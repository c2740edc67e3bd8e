import type { ChapterAddBody } from '@koma/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { invalidateChapter } from './script-invalidate';

/** POST /api/chapter/add {projectId, title, page, icon, scriptAt, checkAt} (founder) → {chapterId}. */
export function useChapterAdd(projectId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: Omit<ChapterAddBody, 'projectId'>) =>
      api.post<{ chapterId: number }>('/api/chapter/add', { ...body, projectId }, { successToast: true }),
    onSuccess: () => invalidateChapter(queryClient, projectId),
  });
}

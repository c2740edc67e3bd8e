import type { CheckStatus } from '@koma/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { invalidateChapter } from './script-invalidate';

export type ChapterCheck =
  | { checkStatus: typeof CheckStatus.ACCEPT }
  | { checkStatus: typeof CheckStatus.REFUSE; chapterNote: string };

/**
 * POST /api/chapter/editorCheckChapter {projectId, chapterId, checkStatus, chapterNote} (editor,
 * status 4): 1 approves (every page 4 → status 2), 2 rejects with a reason (→ status 5).
 */
export function useChapterCheck(projectId: number, chapterId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (check: ChapterCheck) =>
      api.post<null>(
        '/api/chapter/editorCheckChapter',
        { projectId, chapterId, chapterNote: '', ...check },
        { successToast: true },
      ),
    onSettled: () => invalidateChapter(queryClient, projectId, chapterId),
  });
}

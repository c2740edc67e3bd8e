import type { CheckStatus } from '@koma/shared/constants';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { invalidateChapter } from './script-invalidate';

export type ChapterCheck =
  | { checkStatus: typeof CheckStatus.ACCEPT }
  | { checkStatus: typeof CheckStatus.REFUSE; chapterNote: string };

/**
 * chapters.checkNames (editor, status 4): 1 approves (every page 4 → status 2), 2 rejects with a
 * reason (→ status 5).
 */
export function useChapterCheck(projectId: number, chapterId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (check: ChapterCheck) =>
      call(
        'chapters',
        'checkNames',
        { projectId, chapterId, chapterNote: '', ...check },
        { successToast: true },
      ),
    onSettled: () => invalidateChapter(queryClient, projectId, chapterId),
  });
}

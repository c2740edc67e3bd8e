import { useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** chapters.detail: the chapter, its project and the caller's standing. */
export function useChapterDetails(projectId: number, chapterId: number) {
  return useQuery({
    queryKey: queryKeys.chapterDetails(chapterId),
    queryFn: ({ signal }) => call('chapters', 'detail', { projectId, chapterId }, { silent: true, signal }),
  });
}

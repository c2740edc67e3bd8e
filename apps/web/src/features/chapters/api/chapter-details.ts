import type { ChapterDetails } from '@koma/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** POST /api/chapter/getDetails {projectId, chapterId}: the chapter, its project and the caller's standing. */
export function useChapterDetails(projectId: number, chapterId: number) {
  return useQuery({
    queryKey: queryKeys.chapterDetails(chapterId),
    queryFn: ({ signal }) =>
      api.post<ChapterDetails>('/api/chapter/getDetails', { projectId, chapterId }, { silent: true, signal }),
  });
}

import type { ChapterItem } from '@koma/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export type ChapterSummary = ChapterItem;

/**
 * POST /api/chapter/getList {projectId}: the project's chapters in order, each with status_desc,
 * page count and deadlines. Quiet: the 案件 panel shows a failure itself.
 */
export function useChapterList(projectId: number, enabled = true) {
  return useQuery({
    queryKey: queryKeys.chapters(projectId),
    queryFn: async ({ signal }) => {
      const data = await api.post<{ list: ChapterItem[] }>(
        '/api/chapter/getList',
        { projectId },
        { silent: true, quiet: true, signal },
      );
      return data?.list ?? [];
    },
    enabled,
    staleTime: 0,
  });
}

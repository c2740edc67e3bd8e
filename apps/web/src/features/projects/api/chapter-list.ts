import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export interface ChapterSummary {
  id: number;
  title: string;
  status?: number;
  status_desc?: string;
  update_at?: string;
}

/**
 * POST /api/chapter/getList {projectId}. Quiet: chapters come with a later feature, and until
 * the call exists (404) the screens show their empty state.
 */
export function useChapterList(projectId: number, enabled = true) {
  return useQuery({
    queryKey: queryKeys.chapters(projectId),
    queryFn: async ({ signal }) => {
      try {
        const data = await api.post<{ list?: ChapterSummary[] } | null>(
          '/api/chapter/getList',
          { projectId },
          { silent: true, quiet: true, signal },
        );
        return data?.list ?? [];
      } catch {
        return [];
      }
    },
    enabled,
    staleTime: 0,
  });
}

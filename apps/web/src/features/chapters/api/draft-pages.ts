import { type draftPageListData, LIMITS } from '@koma/shared';
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** The storyboard pages; `can_edit` for creators (status 1/5), `can_review` for the editor (status 4). */
export type DraftPageList = z.infer<typeof draftPageListData>;

/**
 * POST /api/page/getList {projectId, chapterId}: the storyboard pages and what the caller may do.
 * The page images are short-lived signed links: the list reloads before they expire.
 */
export function useDraftPages(projectId: number, chapterId: number) {
  return useQuery({
    queryKey: queryKeys.draftPages(chapterId),
    queryFn: ({ signal }) =>
      api.post<DraftPageList>('/api/page/getList', { projectId, chapterId }, { silent: true, signal }),
    staleTime: 0,
    refetchInterval: (LIMITS.signedUrlSeconds * 1000) / 2,
  });
}

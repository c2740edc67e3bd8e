import { LIMITS } from '@koma/shared/constants';
import type { ApiReply } from '@koma/shared/contract';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** The storyboard pages; `can_edit` for creators (status 1/5), `can_review` for the editor (status 4). */
export type DraftPageList = ApiReply<'pages', 'list'>;

/**
 * pages.list: the storyboard pages and what the caller may do. The page images are short-lived
 * signed links: the list reloads before they expire.
 */
export function useDraftPages(projectId: number, chapterId: number) {
  return useQuery({
    queryKey: queryKeys.draftPages(chapterId),
    queryFn: ({ signal }) => call('pages', 'list', { projectId, chapterId }, { silent: true, signal }),
    staleTime: 0,
    refetchInterval: (LIMITS.signedUrlSeconds * 1000) / 2,
  });
}

import { LIMITS } from '@koma/shared/constants';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** pages.notes (page 1, 100 a page): the comments, oldest first. Loaded once a page is chosen. */
export function usePageNotes(projectId: number, pageId: number | null) {
  return useQuery({
    queryKey: queryKeys.pageNotes(pageId ?? 0),
    queryFn: ({ signal }) =>
      call(
        'pages',
        'notes',
        { projectId, pageId: pageId ?? 0, page: 1, pageSize: LIMITS.pageNotePageSize },
        { silent: true, signal },
      ),
    enabled: pageId !== null,
    staleTime: 0,
  });
}

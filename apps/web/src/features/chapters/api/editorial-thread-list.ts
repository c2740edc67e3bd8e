import { LIMITS } from '@koma/shared/constants';
import { useInfiniteQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/**
 * editorialThread.list: the newest posts first, then older pages by `before` (the oldest id
 * shown). Each page is oldest first, as the board's.
 */
export function useEditorialThread(projectId: number, chapterId: number, enabled: boolean) {
  return useInfiniteQuery({
    queryKey: queryKeys.editorialThread(chapterId),
    queryFn: ({ pageParam, signal }) =>
      call(
        'editorialThread',
        'list',
        {
          projectId,
          chapterId,
          page: 1,
          pageSize: LIMITS.editorialThreadPageSize,
          ...(pageParam ? { before: pageParam } : {}),
        },
        { silent: true, signal },
      ),
    initialPageParam: null as number | null,
    getNextPageParam: (last, all) => {
      const loaded = all.reduce((sum, page) => sum + page.list.length, 0);
      const total = all[0]?.total ?? 0;
      const full = last.list.length >= LIMITS.editorialThreadPageSize;
      return full && loaded < total ? (last.list[0]?.id ?? null) : null;
    },
    enabled,
    staleTime: 0,
  });
}

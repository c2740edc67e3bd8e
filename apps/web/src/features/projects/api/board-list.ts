import { LIMITS } from '@koma/shared/constants';
import type { ApiReply } from '@koma/shared/contract';
import { useInfiniteQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export type BoardPost = ApiReply<'board', 'list'>['list'][number];

/**
 * board.list: the newest posts first, then older pages by `before` (the oldest id shown). Each
 * page is oldest first.
 */
export function useBoardPosts(projectId: number, enabled: boolean) {
  return useInfiniteQuery({
    queryKey: queryKeys.board(projectId),
    queryFn: ({ pageParam, signal }) =>
      call(
        'board',
        'list',
        { projectId, page: 1, pageSize: LIMITS.boardPageSize, ...(pageParam ? { before: pageParam } : {}) },
        { silent: true, signal },
      ),
    initialPageParam: null as number | null,
    // More when the last page was full and fewer posts are loaded than the board holds.
    getNextPageParam: (last, all) => {
      const loaded = all.reduce((sum, page) => sum + page.list.length, 0);
      const total = all[0]?.total ?? 0;
      return last.list.length >= LIMITS.boardPageSize && loaded < total ? (last.list[0]?.id ?? null) : null;
    },
    enabled,
    staleTime: 0,
  });
}

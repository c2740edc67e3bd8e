import { LIMITS } from '@koma/shared';
import { useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export interface BoardPost {
  id: number;
  from_uid: number;
  from_nickname: string;
  pic: string;
  content: string;
  create_time: string;
}

interface BoardPage {
  list: BoardPost[];
  total: number;
}

/**
 * POST /api/messageBoard/getList {projectId, page, pageSize 20, before?}: the newest 20 posts
 * first, then older pages by `before` (the oldest id shown). Each page is oldest first.
 */
export function useBoardPosts(projectId: number, enabled: boolean) {
  return useInfiniteQuery({
    queryKey: queryKeys.board(projectId),
    queryFn: ({ pageParam, signal }) =>
      api.post<BoardPage>(
        '/api/messageBoard/getList',
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

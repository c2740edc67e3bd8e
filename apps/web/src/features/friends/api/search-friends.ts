import { LIMITS } from '@koma/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export type FriendRole = 1 | 2 | 3 | 5;

export interface FriendListData {
  list: { id: number; nickname: string; pic: string }[];
  total: number;
}

interface FriendSearch {
  role: FriendRole | null;
  keywords: string;
  page: number;
}

/** POST /api/friends/search {page, pageSize 30, role, keywords}: my friends. */
export function searchFriends(body: FriendSearch, signal?: AbortSignal): Promise<FriendListData> {
  return api.post<FriendListData>(
    '/api/friends/search',
    { ...body, keywords: body.keywords.trim(), pageSize: LIMITS.friendListPageSize },
    { silent: true, signal },
  );
}

export function useFriendSearch(search: FriendSearch) {
  return useQuery({
    queryKey: [...queryKeys.friends, search],
    queryFn: ({ signal }) => searchFriends(search, signal),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

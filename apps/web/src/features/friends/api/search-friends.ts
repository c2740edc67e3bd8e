import { LIMITS } from '@koma/shared/constants';
import type { ApiInput, ApiReply } from '@koma/shared/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export type FriendRole = NonNullable<ApiInput<'friends', 'search'>['role']>;
export type FriendListData = ApiReply<'friends', 'search'>;

interface FriendSearch {
  role: FriendRole | null;
  keywords: string;
  page: number;
}

/** friends.search: my friends, 30 per page. */
export function useFriendSearch(search: FriendSearch) {
  return useQuery({
    queryKey: [...queryKeys.friends, search],
    queryFn: ({ signal }) =>
      call(
        'friends',
        'search',
        { ...search, keywords: search.keywords.trim(), pageSize: LIMITS.friendListPageSize },
        { silent: true, signal },
      ),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

import { LIMITS } from '@koma/shared/constants';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export interface Choice {
  id: number;
  nickname: string;
  pic: string;
}

/** friends.search: my friends whose nickname holds the words, the first page. */
export function useFriendChoices(keywords: string, enabled: boolean) {
  return useQuery({
    queryKey: [...queryKeys.friends, 'invite', keywords.trim()],
    queryFn: async ({ signal }): Promise<Choice[]> =>
      (
        await call(
          'friends',
          'search',
          { page: 1, pageSize: LIMITS.friendListPageSize, keywords: keywords.trim() },
          { silent: true, quiet: true, signal },
        )
      ).list,
    enabled,
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

/** matching.search by nickname: the person search of the 探す screens, its first page. */
export function usePeopleChoices(nick: string, enabled: boolean) {
  const words = nick.trim();
  return useQuery({
    queryKey: [...queryKeys.personSearch, 'invite', words],
    queryFn: async ({ signal }): Promise<Choice[]> =>
      (
        await call(
          'matching',
          'search',
          { nick: words, page: 1, pageSize: LIMITS.personSearchPageSize },
          { silent: true, quiet: true, signal },
        )
      ).list.map((p) => ({ id: p.userid, nickname: p.nickname, pic: p.pic })),
    enabled: enabled && words !== '',
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

import { LIMITS } from '@koma/shared/constants';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export interface Choice {
  id: number;
  nickname: string;
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

/**
 * invitations.people: active people of every kind whose nickname holds the words (the person
 * search shows a creator only editors, and assistants are creators too).
 */
export function usePeopleChoices(projectId: number, nick: string, enabled: boolean) {
  const words = nick.trim();
  return useQuery({
    queryKey: [...queryKeys.personSearch, 'invite', projectId, words],
    queryFn: async ({ signal }): Promise<Choice[]> =>
      (await call('invitations', 'people', { projectId, nick: words }, { silent: true, quiet: true, signal }))
        .list,
    enabled: enabled && projectId > 0 && words !== '',
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

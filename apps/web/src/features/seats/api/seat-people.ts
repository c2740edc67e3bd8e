import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** seats.people: editor accounts whose nickname holds the words (a seat is an editor's). */
export function useSeatPeople(projectId: number, nick: string) {
  const words = nick.trim();
  return useQuery({
    queryKey: [...queryKeys.personSearch, 'seat', projectId, words],
    queryFn: async ({ signal }) =>
      (await call('seats', 'people', { projectId, nick: words }, { silent: true, quiet: true, signal })).list,
    enabled: words !== '',
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

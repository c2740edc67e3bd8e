import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** projects.mine {type 1 mine | 2 joined, keyword}: ongoing and completed. */
export function useProjectLists(type: 1 | 2, keyword: string) {
  return useQuery({
    queryKey: [...queryKeys.projects, type, keyword],
    queryFn: ({ signal }) => call('projects', 'mine', { type, keyword }, { silent: true, signal }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

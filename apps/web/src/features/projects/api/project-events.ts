import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** projects.events: a page of the project's activity, newest first (members only). */
export function useProjectEvents(projectId: number, page: number, enabled: boolean) {
  return useQuery({
    queryKey: [...queryKeys.projectEvents(projectId), page],
    queryFn: ({ signal }) => call('projects', 'events', { projectId, page }, { silent: true, signal }),
    enabled,
    placeholderData: keepPreviousData,
  });
}

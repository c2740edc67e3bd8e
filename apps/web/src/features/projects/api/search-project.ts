import type { ProjectListItem } from '@koma/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export interface ProjectLists {
  goon: ProjectListItem[];
  over: ProjectListItem[];
}

/** POST /api/project/searchProject {type 1 mine | 2 joined, keyword}: ongoing and completed. */
export function useProjectLists(type: 1 | 2, keyword: string) {
  return useQuery({
    queryKey: [...queryKeys.projects, type, keyword],
    queryFn: ({ signal }) =>
      api.post<ProjectLists>('/api/project/searchProject', { type, keyword }, { silent: true, signal }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

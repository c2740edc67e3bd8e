import { useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** chapters.list: the project's chapters in order, for the scope of a part. */
export function useProjectChapters(projectId: number, enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.chapters(projectId),
    queryFn: async ({ signal }) =>
      (await call('chapters', 'list', { projectId }, { silent: true, quiet: true, signal }))?.list ?? [],
    enabled,
    staleTime: 0,
  });
}

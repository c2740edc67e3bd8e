import type { ProjectDetailData } from '@koma/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** GET /api/project/projectDetail?proId=: the detail any logged-in user may read. */
export function useProjectInfo(proId: number | null) {
  return useQuery({
    queryKey: queryKeys.projectDetail(proId ?? 0),
    queryFn: ({ signal }) =>
      api.get<ProjectDetailData>('/api/project/projectDetail', {
        query: { proId: proId ?? 0 },
        silent: true,
        quiet: true,
        signal,
      }),
    enabled: proId !== null,
    staleTime: 0,
  });
}

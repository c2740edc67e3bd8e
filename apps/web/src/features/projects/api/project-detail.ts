import type { ProjectDetailData } from '@koma/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** GET /api/project/projectDetail?proId=: any logged-in user sees the detail tab. */
export function fetchProjectDetail(proId: number, signal?: AbortSignal): Promise<ProjectDetailData> {
  return api.get<ProjectDetailData>('/api/project/projectDetail', {
    query: { proId },
    silent: true,
    quiet: true,
    signal,
  });
}

/** The screen shows a failure itself (not found, not allowed). */
export function useProjectDetail(proId: number | null) {
  return useQuery({
    queryKey: queryKeys.projectDetail(proId ?? 0),
    queryFn: ({ signal }) => fetchProjectDetail(proId ?? 0, signal),
    enabled: proId !== null,
    staleTime: 0,
  });
}

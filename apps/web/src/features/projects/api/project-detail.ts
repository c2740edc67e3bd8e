import { useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** projects.detail: any logged-in user sees the detail tab. The screen shows a failure itself (not found, not allowed). */
export function useProjectDetail(proId: number | null) {
  return useQuery({
    queryKey: queryKeys.projectDetail(proId ?? 0),
    queryFn: ({ signal }) =>
      call('projects', 'detail', { proId: proId ?? 0 }, { silent: true, quiet: true, signal }),
    enabled: proId !== null,
    staleTime: 0,
  });
}

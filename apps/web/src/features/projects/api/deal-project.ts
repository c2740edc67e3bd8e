import type { DealProjectBody } from '@koma/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** POST /api/project/dealProject: create, or edit with projectId. Success shows the info. */
export function useDealProject() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: DealProjectBody) =>
      api.post<{ projectId: number }>('/api/project/dealProject', body, { successToast: true }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.projects });
      void queryClient.invalidateQueries({ queryKey: queryKeys.projectDetails });
      void queryClient.invalidateQueries({ queryKey: queryKeys.homePage });
    },
  });
}

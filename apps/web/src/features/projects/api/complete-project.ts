import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** POST /api/project/complete {projectId}: the founder marks the project completed. */
export function useCompleteProject() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (projectId: number) =>
      api.post<null>('/api/project/complete', { projectId }, { successToast: true }),
    onSettled: (_data, _error, projectId) => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.projectDetail(projectId) });
      void queryClient.invalidateQueries({ queryKey: queryKeys.projects });
      void queryClient.invalidateQueries({ queryKey: queryKeys.homePage });
    },
  });
}

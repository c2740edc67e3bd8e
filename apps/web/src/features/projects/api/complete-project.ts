import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** projects.complete: the founder marks the project completed. */
export function useCompleteProject() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (projectId: number) => call('projects', 'complete', { projectId }, { successToast: true }),
    onSettled: (_data, _error, projectId) => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.projectDetail(projectId) });
      void queryClient.invalidateQueries({ queryKey: queryKeys.projects });
      void queryClient.invalidateQueries({ queryKey: queryKeys.homePage });
    },
  });
}

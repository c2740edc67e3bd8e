import type { ApiInput } from '@koma/shared/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** projects.save: create, or edit with projectId. Success shows the info. */
export function useDealProject() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ApiInput<'projects', 'save'>) =>
      call('projects', 'save', body, { successToast: true }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.projects });
      void queryClient.invalidateQueries({ queryKey: queryKeys.projectDetails });
      void queryClient.invalidateQueries({ queryKey: queryKeys.homePage });
    },
  });
}

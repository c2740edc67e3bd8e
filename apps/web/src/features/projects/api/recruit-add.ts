import type { ApiInput } from '@koma/shared/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** recruitment.add: starts a recruitment; a failure shows the server's info (e.g. 409). */
export function useRecruitAdd() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ApiInput<'recruitment', 'add'> & { projectId: number }) =>
      call('recruitment', 'add', body, { successToast: true }),
    onSuccess: (_data, body) => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.recruitOf(body.projectId) });
      void queryClient.invalidateQueries({ queryKey: queryKeys.projects });
      void queryClient.invalidateQueries({ queryKey: queryKeys.projectSearch });
    },
  });
}

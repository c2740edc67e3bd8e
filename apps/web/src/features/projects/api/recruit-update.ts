import type { ApiInput } from '@koma/shared/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** recruitment.update: changes the recruitment that has not started yet (409 once it has). */
export function useRecruitUpdate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ApiInput<'recruitment', 'update'> & { projectId: number }) =>
      call('recruitment', 'update', body, { successToast: true }),
    onSettled: (_data, _error, body) => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.recruitOf(body.projectId) });
    },
  });
}

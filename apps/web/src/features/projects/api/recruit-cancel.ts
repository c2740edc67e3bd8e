import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { type RecruitTarget, targetBody } from './recruit-detail';

/** recruitment.cancel: the founder ends the recruitment. */
export function useRecruitCancel() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (target: RecruitTarget) =>
      call('recruitment', 'cancel', targetBody(target), { successToast: true }),
    onSettled: (_data, _error, target) => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.recruitOf(target.projectId) });
      void queryClient.invalidateQueries({ queryKey: queryKeys.projects });
      void queryClient.invalidateQueries({ queryKey: queryKeys.projectSearch });
    },
  });
}

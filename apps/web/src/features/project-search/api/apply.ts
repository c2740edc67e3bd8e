import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import type { RecruitTarget } from '../../projects';

/** recruitment.apply: failures show the info. */
export function useApply() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ target, posId, message }: { target: RecruitTarget; posId: number; message: string }) =>
      call(
        'recruitment',
        'apply',
        {
          kind: target.kind,
          projectId: target.projectId,
          posId,
          message,
          ...(target.kind === 2 ? { chapterId: target.chapterId } : {}),
        },
        { successToast: true },
      ),
    onSuccess: (_data, { target }) => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.projectSearch });
      void queryClient.invalidateQueries({ queryKey: queryKeys.chapterSearch });
      void queryClient.invalidateQueries({ queryKey: queryKeys.recruitOf(target.projectId) });
    },
  });
}

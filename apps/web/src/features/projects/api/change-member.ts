import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import type { Part } from '../lib/part-cover';

/** projects.changeMember: the founder turns one part a member holds into another. */
export function useChangeMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { projectId: number; userId: number; from: Part; to: Part }) =>
      call('projects', 'changeMember', body, { successToast: true }),
    onSettled: (_data, _error, body) => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.projectDetail(body.projectId) });
      void queryClient.invalidateQueries({ queryKey: queryKeys.memberWorkOf(body.projectId) });
      void queryClient.invalidateQueries({ queryKey: queryKeys.projectEvents(body.projectId) });
    },
  });
}

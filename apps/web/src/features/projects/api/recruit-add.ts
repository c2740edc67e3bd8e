import type { RecruitAddBody } from '@koma/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** POST /api/recruit/add: starts a recruitment; a failure shows the server's info (e.g. 409). */
export function useRecruitAdd() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: RecruitAddBody & { projectId: number }) =>
      api.post<null>('/api/recruit/add', body, { successToast: true }),
    onSuccess: (_data, body) => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.recruitOf(body.projectId) });
      void queryClient.invalidateQueries({ queryKey: queryKeys.projects });
      void queryClient.invalidateQueries({ queryKey: queryKeys.projectSearch });
    },
  });
}

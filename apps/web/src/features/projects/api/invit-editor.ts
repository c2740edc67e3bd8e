import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** POST /api/project/invitEditor {projectid, userid}: invites an editor in charge. */
export function useInviteEditor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { projectid: number; userid: number }) =>
      api.post<null>('/api/project/invitEditor', body, { successToast: true }),
    onSuccess: (_data, body) =>
      queryClient.invalidateQueries({ queryKey: queryKeys.projectDetail(body.projectid) }),
  });
}

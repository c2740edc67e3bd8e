import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** projects.invite: invites an editor in charge, with the founder's own words if any. */
export function useInviteEditor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { projectid: number; userid: number; message: string }) =>
      call('projects', 'invite', body, { successToast: true }),
    onSuccess: (_data, body) =>
      queryClient.invalidateQueries({ queryKey: queryKeys.projectDetail(body.projectid) }),
  });
}

import { useMutation } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { useSeatsChanged } from './seat-changes';

/** seats.invite: the founder or the editor in charge offers an editor a seat. Refusals show the server's words. */
export function useInviteSeat() {
  const changed = useSeatsChanged();
  return useMutation({
    mutationFn: (body: { projectId: number; userId: number; seat: number }) =>
      call('seats', 'invite', body, { successToast: true }),
    onSettled: (_data, _error, body) => changed(body.projectId),
  });
}

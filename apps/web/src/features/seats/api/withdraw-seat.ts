import { useMutation } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { useSeatsChanged } from './seat-changes';

/** seats.withdraw: a seat invitation not answered yet is taken back. */
export function useWithdrawSeat() {
  const changed = useSeatsChanged();
  return useMutation({
    mutationFn: (body: { projectId: number; invitationId: number }) =>
      call('seats', 'withdraw', body, { successToast: true }),
    onSettled: (_data, _error, body) => changed(body.projectId),
  });
}

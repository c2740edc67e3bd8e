import { useMutation } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { useSeatsChanged } from './seat-changes';

/** seats.remove: the founder or the editor in charge takes a seat from its holder. */
export function useRemoveSeat() {
  const changed = useSeatsChanged();
  return useMutation({
    mutationFn: (body: { projectId: number; userId: number }) =>
      call('seats', 'remove', body, { successToast: true }),
    onSettled: (_data, _error, body) => changed(body.projectId),
  });
}

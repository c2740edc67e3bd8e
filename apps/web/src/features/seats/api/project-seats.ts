import type { ApiReply } from '@koma/shared/contract';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export type ProjectSeats = ApiReply<'seats', 'ofProject'>;

/** seats.ofProject: the seat holders, and the waiting seat invitations for the founder and the editor in charge. */
export function useProjectSeats(projectId: number) {
  return useQuery({
    queryKey: queryKeys.projectSeats(projectId),
    queryFn: ({ signal }) => call('seats', 'ofProject', { projectId }, { silent: true, quiet: true, signal }),
    staleTime: 0,
  });
}

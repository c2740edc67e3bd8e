import { useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '../../../lib/query-keys';

/** After a seat's change: the seats, the team (detail tab) and the activity reload. */
export function useSeatsChanged() {
  const queryClient = useQueryClient();
  return (projectId: number) => {
    void queryClient.invalidateQueries({ queryKey: queryKeys.projectSeats(projectId) });
    void queryClient.invalidateQueries({ queryKey: queryKeys.projectDetail(projectId) });
    void queryClient.invalidateQueries({ queryKey: queryKeys.projectEvents(projectId) });
  };
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** friends.remove: 200 shows the info and the list reloads. */
export function useDelFriend() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (friendId: number) => call('friends', 'remove', { friendId }, { successToast: true }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.friends }),
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** POST /api/friends/delFriend {friendId}: 200 shows the info and the list reloads (spec section 7). */
export function delFriend(friendId: number) {
  return api.postReply<null>('/api/friends/delFriend', { friendId }, { successToast: true });
}

export function useDelFriend() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: delFriend,
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.friends }),
  });
}

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../lib/api-client';
import { queryKeys } from '../../lib/query-keys';

/**
 * profiles.detail: a person's profile with friend status and pair state (the popup), or the
 * user's own that prefills the profile form. Null waits.
 */
export function useProfileDetail(uid: number | null) {
  return useQuery({
    queryKey: queryKeys.profileDetail(uid ?? 0),
    queryFn: ({ signal }) => call('profiles', 'detail', { uid: uid ?? 0 }, { silent: true, signal }),
    enabled: uid !== null,
    staleTime: 0,
  });
}

/** friends.apply from the popup: always with an empty message (the popup has no message field). */
export function useApplyFriend() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (toUid: number) => call('friends', 'apply', { toUid, message: '' }, { successToast: true }),
    onSettled: (_data, _error, toUid) =>
      queryClient.invalidateQueries({ queryKey: queryKeys.profileDetail(toUid) }),
  });
}

import type { ProfileDetail } from '@koma/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { queryKeys } from '../../lib/query-keys';

/** GET /api/cartoonser/cartoonserDetail?uid=: a person's profile with friend status and pair state. */
export function fetchProfileDetail(uid: number, signal?: AbortSignal): Promise<ProfileDetail> {
  return api.get<ProfileDetail>('/api/cartoonser/cartoonserDetail', { query: { uid }, silent: true, signal });
}

export function useProfileDetail(uid: number | null) {
  return useQuery({
    queryKey: queryKeys.profileDetail(uid ?? 0),
    queryFn: ({ signal }) => fetchProfileDetail(uid ?? 0, signal),
    enabled: uid !== null,
    staleTime: 0,
  });
}

/** POST /api/friends/applyFriend from the popup: always with an empty message (spec section 2). */
export function useApplyFriend() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (toUid: number) =>
      api.postReply<null>('/api/friends/applyFriend', { toUid, message: '' }, { successToast: true }),
    onSettled: (_data, _error, toUid) =>
      queryClient.invalidateQueries({ queryKey: queryKeys.profileDetail(toUid) }),
  });
}

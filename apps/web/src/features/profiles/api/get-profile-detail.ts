import type { ProfileDetail } from '@koma/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** GET /api/cartoonser/cartoonserDetail?uid=<own id>: the stored profile that prefills the form. */
export function getProfileDetail(uid: number, signal?: AbortSignal): Promise<ProfileDetail> {
  return api.get<ProfileDetail>('/api/cartoonser/cartoonserDetail', { query: { uid }, silent: true, signal });
}

export function useOwnProfile(uid: number, enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.profileDetail(uid),
    queryFn: ({ signal }) => getProfileDetail(uid, signal),
    enabled,
    staleTime: 0,
  });
}

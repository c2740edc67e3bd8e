import type { HomePageData } from '@koma/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** GET /api/cartoonser/homePage: every dashboard panel in one call. */
export function getHomePage(signal?: AbortSignal): Promise<HomePageData> {
  return api.get<HomePageData>('/api/cartoonser/homePage', { silent: true, signal });
}

export function useHomePage() {
  return useQuery({
    queryKey: queryKeys.homePage,
    queryFn: ({ signal }) => getHomePage(signal),
    staleTime: 0,
  });
}

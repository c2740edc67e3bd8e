import { useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** dashboard.home: every dashboard panel in one call. */
export function useHomePage() {
  return useQuery({
    queryKey: queryKeys.homePage,
    queryFn: ({ signal }) => call('dashboard', 'home', undefined, { silent: true, signal }),
    staleTime: 0,
  });
}

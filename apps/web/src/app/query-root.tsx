import { QueryClientProvider } from '@tanstack/react-query';
import { Outlet } from 'react-router';
import { queryClient } from '../lib/query-client';

/**
 * TanStack Query for every screen below this route. It is a lazily loaded layout route rather
 * than a top-level provider so that the first-load screens (/login, /home, /404) do not
 * download it; screens outside it use plain calls (features/x/api functions) and local state.
 */
export default function QueryRoot() {
  return (
    <QueryClientProvider client={queryClient}>
      <Outlet />
    </QueryClientProvider>
  );
}

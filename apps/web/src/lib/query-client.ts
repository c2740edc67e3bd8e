import { QueryClient } from '@tanstack/react-query';
import { registerQueryCache } from './query-cache';

export const queryClient = new QueryClient({
  defaultOptions: {
    // The API client already reports failures once; retrying would repeat the toast.
    queries: { retry: false, refetchOnWindowFocus: false, staleTime: 60_000 },
    mutations: { retry: false },
  },
});

registerQueryCache({
  invalidateAll: () => queryClient.invalidateQueries(),
  clear: () => queryClient.clear(),
});

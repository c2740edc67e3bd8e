import { useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';

/** reference.lists: the reference lists, named in the cookie's language. */
export const registerInitKey = ['registerInit'] as const;

export function useRegisterInit() {
  return useQuery({
    queryKey: registerInitKey,
    queryFn: ({ signal }) => call('reference', 'lists', undefined, { silent: true, signal }),
    staleTime: 10 * 60_000,
  });
}

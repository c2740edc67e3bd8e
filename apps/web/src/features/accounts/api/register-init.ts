import type { RegisterInitData } from '@koma/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** GET /api/user/registerInit: the reference lists, named in the cookie's language. */
export const registerInitKey = ['registerInit'] as const;

export function getRegisterInit(signal?: AbortSignal): Promise<RegisterInitData> {
  return api.get<RegisterInitData>('/api/user/registerInit', { silent: true, signal });
}

export function useRegisterInit() {
  return useQuery({
    queryKey: registerInitKey,
    queryFn: ({ signal }) => getRegisterInit(signal),
    staleTime: 10 * 60_000,
  });
}

import type { UserIndexData } from '@koma/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { sessionKey } from '../../../lib/session';

/** POST /api/user/closeFirstLogin: the first-login dialog never shows again. */
export function closeFirstLogin(): Promise<null> {
  return api.post<null>('/api/user/closeFirstLogin', {}, { silent: true });
}

export function useCloseFirstLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: closeFirstLogin,
    onMutate: () => {
      queryClient.setQueryData<UserIndexData>(sessionKey, (user) =>
        user ? { ...user, isFirst: false } : user,
      );
    },
  });
}

import type { UserIndexData } from '@koma/shared/schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { sessionKey } from '../../../lib/session';

/** accounts.closeFirstLogin: the first-login dialog never shows again. */
export function closeFirstLogin() {
  return call('accounts', 'closeFirstLogin', undefined, { silent: true });
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

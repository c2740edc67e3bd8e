import type { ApiInput } from '@koma/shared/contract';
import { useMutation } from '@tanstack/react-query';
import { callReply } from '../../../lib/api-client';

/** accounts.resetPassword with the token of the mailed link; 400 when it is not valid. */
export function resetPassword(body: ApiInput<'accounts', 'resetPassword'>) {
  return callReply('accounts', 'resetPassword', body, { quiet: true });
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}

import { useMutation } from '@tanstack/react-query';
import { callReply } from '../../../lib/api-client';

/** accounts.completeRegistration with the token of the mailed link. */
export function completeRegistration(token: string) {
  return callReply('accounts', 'completeRegistration', { token }, { quiet: true });
}

export function useCompleteRegistration() {
  return useMutation({ mutationFn: completeRegistration });
}

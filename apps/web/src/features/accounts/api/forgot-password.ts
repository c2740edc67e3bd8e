import { useMutation } from '@tanstack/react-query';
import { callReply } from '../../../lib/api-client';

/** accounts.forgotPassword: always 200, the info says the mail was sent. */
export function forgotPassword(email: string) {
  return callReply('accounts', 'forgotPassword', { email: email.trim() });
}

export function useForgotPassword() {
  return useMutation({ mutationFn: forgotPassword });
}

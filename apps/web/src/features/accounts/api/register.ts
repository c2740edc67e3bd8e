import type { ApiInput } from '@koma/shared/contract';
import { useMutation } from '@tanstack/react-query';
import { callReply } from '../../../lib/api-client';

/** accounts.register: provisional registration; failures shown as a warning by the screen. */
export function register(body: ApiInput<'accounts', 'register'>) {
  return callReply('accounts', 'register', body, { quiet: true });
}

export function useRegister() {
  return useMutation({ mutationFn: register });
}

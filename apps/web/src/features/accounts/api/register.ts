import type { Envelope, RegisterBody } from '@koma/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** POST /api/user/register: provisional registration; failures shown as a warning by the screen. */
export function register(body: RegisterBody): Promise<Envelope<null>> {
  return api.postReply<null>('/api/user/register', body, { quiet: true });
}

export function useRegister() {
  return useMutation({ mutationFn: register });
}

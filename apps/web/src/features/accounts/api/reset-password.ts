import type { Envelope } from '@koma/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export interface ResetPasswordInput {
  token: string;
  password: string;
}

/** POST /api/user/resetPassword with the token of the mailed link; 400 when it is not valid. */
export function resetPassword(body: ResetPasswordInput): Promise<Envelope<null>> {
  return api.postReply<null>('/api/user/resetPassword', body, { quiet: true });
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}

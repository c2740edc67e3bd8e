import type { Envelope } from '@koma/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** POST /api/user/forgotPassword: always 200, the info says the mail was sent. */
export function forgotPassword(email: string): Promise<Envelope<null>> {
  return api.postReply<null>('/api/user/forgotPassword', { email: email.trim() });
}

export function useForgotPassword() {
  return useMutation({ mutationFn: forgotPassword });
}

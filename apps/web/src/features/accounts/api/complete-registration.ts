import type { Envelope } from '@koma/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** POST /api/user/completeRegistration with the token of the mailed link. */
export function completeRegistration(token: string): Promise<Envelope<null>> {
  return api.postReply<null>('/api/user/completeRegistration', { token }, { quiet: true });
}

export function useCompleteRegistration() {
  return useMutation({ mutationFn: completeRegistration });
}

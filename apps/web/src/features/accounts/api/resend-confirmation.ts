import type { Envelope } from '@koma/shared';
import { api } from '../../../lib/api-client';

/** POST /api/user/resendConfirmation: always 200, the info says the mail was sent. */
export function resendConfirmation(email: string): Promise<Envelope<null>> {
  return api.postReply<null>('/api/user/resendConfirmation', { email: email.trim() });
}

import { callReply } from '../../../lib/api-client';

/** accounts.resendConfirmation: always 200, the info says the mail was sent. */
export function resendConfirmation(email: string) {
  return callReply('accounts', 'resendConfirmation', { email: email.trim() });
}

import type { ApiInput } from '@koma/shared/contract';
import { call } from '../../../lib/api-client';

/** accounts.registerInvited: the sign-up from a mail invitation; the screen shows a failure itself. */
export function registerInvited(body: ApiInput<'accounts', 'registerInvited'>) {
  return call('accounts', 'registerInvited', body, { quiet: true });
}

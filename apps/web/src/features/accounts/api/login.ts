import type { ApiInput } from '@koma/shared/contract';
import { call } from '../../../lib/api-client';

/**
 * accounts.login. The screen shows a failure itself as a warning.
 * A plain function: the login screen is outside the TanStack Query route (app/query-root.tsx).
 */
export function login(body: ApiInput<'accounts', 'login'>) {
  return call('accounts', 'login', { ...body, username: body.username.trim() }, { quiet: true });
}

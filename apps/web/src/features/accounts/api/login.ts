import type { LoginBody, LoginData } from '@koma/shared';
import { api } from '../../../lib/api-client';

/**
 * POST /api/user/login. The screen shows a failure itself as a warning (spec section 7).
 * A plain function: the login screen is outside the TanStack Query route (app/query-root.tsx).
 */
export function login(body: LoginBody): Promise<LoginData> {
  return api.post<LoginData>('/api/user/login', { ...body, username: body.username.trim() }, { quiet: true });
}

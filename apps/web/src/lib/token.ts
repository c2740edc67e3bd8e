import { COOKIE, LIMITS } from '@koma/shared';
import Cookies from 'js-cookie';

/** The session token lives in a cookie (spec section 3), sent back as the `token` header. */
const options: Cookies.CookieAttributes = { expires: LIMITS.sessionDays, sameSite: 'lax', path: '/' };

export function getToken(): string | undefined {
  return Cookies.get(COOKIE.token) || undefined;
}

export function setToken(token: string): void {
  Cookies.set(COOKIE.token, token, options);
}

export function removeToken(): void {
  Cookies.remove(COOKIE.token, { path: '/' });
}

import { COOKIE, LIMITS } from '@koma/shared/constants';
import Cookies from 'js-cookie';
import { cookieOptions } from './cookie-options';

/** The session token lives in a cookie, sent back as the `token` header. */

export function getToken(): string | undefined {
  return Cookies.get(COOKIE.token) || undefined;
}

export function setToken(token: string): void {
  Cookies.set(COOKIE.token, token, cookieOptions(LIMITS.sessionDays));
}

export function removeToken(): void {
  Cookies.remove(COOKIE.token, cookieOptions(LIMITS.sessionDays));
}

import type Cookies from 'js-cookie';

/**
 * The attributes of every cookie the web app sets. `Secure` whenever the page itself came over
 * HTTPS (directly, or through a TLS proxy), so the session token never travels over plain HTTP;
 * on a plain-HTTP start (local use) it would make the browser drop the cookie (docs/access.md).
 */
export function cookieOptions(expiresDays: number): Cookies.CookieAttributes {
  const secure = typeof location !== 'undefined' && location.protocol === 'https:';
  return { expires: expiresDays, sameSite: 'lax', path: '/', secure };
}

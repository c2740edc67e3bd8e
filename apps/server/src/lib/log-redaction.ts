import { routeBase, routes } from '@koma/shared/routes';
import type { FastifyRequest } from 'fastify';

/**
 * Secrets that travel in URLs, kept out of the logs (docs/access.md, "Secrets in the logs"). pino's
 * `redact` replaces whole values at object paths, not part of a string, so the URL is rewritten
 * here, in the `req` serializer every request log line goes through.
 */

/**
 * Query parameters whose value is a key: `token` (the calendar feed, the one-click unsubscribe,
 * the mailed sign-up and password-reset links) and `sig` (signed file, zip and correction sheet
 * links).
 */
export const SECRET_QUERY_PARAMS: ReadonlySet<string> = new Set(['token', 'sig']);

/**
 * Paths that carry a secret as a segment: the rendition links,
 * `/api/renditions/<exp>/<sig>/<key>.r/<file>` (docs/renditions.md); segments counted from 0
 * after the prefix.
 */
export const SECRET_PATH_SEGMENTS: readonly { prefix: string; segment: number }[] = [
  { prefix: routeBase(routes.uploads.rendition), segment: 1 },
];

export const REDACTED = 'REDACTED';

function redactPath(path: string): string {
  for (const { prefix, segment } of SECRET_PATH_SEGMENTS) {
    if (!path.startsWith(prefix)) continue;
    const parts = path.slice(prefix.length).split('/');
    if (parts.length > segment) parts[segment] = REDACTED;
    return prefix + parts.join('/');
  }
  return path;
}

/**
 * The URL with every secret replaced by `REDACTED`. The query is read as the server reads it
 * (names percent-decoded), so a spelling like `%73ig=` is redacted too.
 */
export function redactUrl(url: string): string {
  const at = url.indexOf('?');
  const path = redactPath(at < 0 ? url : url.slice(0, at));
  if (at < 0) return path;
  const query = new URLSearchParams(url.slice(at + 1));
  const secret = [...query.keys()].filter((name) => SECRET_QUERY_PARAMS.has(name.toLowerCase()));
  if (secret.length === 0) return `${path}${url.slice(at)}`;
  for (const name of secret) query.set(name, REDACTED);
  return `${path}?${query.toString()}`;
}

/**
 * Fastify's own `req` serializer (fastify/lib/logger-pino.js) with the URL redacted, less the
 * `accept-version` header (no route is versioned).
 */
export function requestForLog(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

import { COOKIE, TOKEN_HEADER } from '@koma/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { notLoggedIn } from '../lib/app-error.js';
import { resolveSession, type SessionUser } from '../modules/accounts/sessions.service.js';
import { isApiPath } from './errors.js';

/** Who may call a route, declared next to its schema. A route that declares nothing needs a login. */
export const Access = { PUBLIC: 'public', USER: 'user' } as const;
export type Access = (typeof Access)[keyof typeof Access];

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
    /**
     * The route is about the caller's own account: the session lookup reads the whole account in
     * the same query (request.user.account), one round trip instead of two.
     */
    withAccount?: boolean;
    /**
     * The session comes from the token cookie the web app keeps, not the header: a stream the
     * browser opens itself (EventSource cannot send headers). Set by implement() for streams.
     */
    sessionCookie?: boolean;
  }
  interface FastifyRequest {
    user: SessionUser | null;
    /** The raw session token of this request, when one resolved. */
    sessionToken: string | null;
  }
}

export function tokenOf(request: FastifyRequest): string | null {
  const token = request.routeOptions.config?.sessionCookie
    ? request.cookies[COOKIE.token]
    : headerToken(request);
  return token && token.length <= 200 ? token : null;
}

function headerToken(request: FastifyRequest): string | undefined {
  const header = request.headers[TOKEN_HEADER];
  return Array.isArray(header) ? header[0] : header;
}

/** The logged-in user; routes behind Access.USER can rely on it. */
export function currentUser(request: FastifyRequest): SessionUser {
  if (!request.user) throw notLoggedIn();
  return request.user;
}

export const authPlugin = fp(async (app: FastifyInstance) => {
  app.decorateRequest('user', null);
  app.decorateRequest('sessionToken', null);
  // onRequest, before the body is validated: an anonymous caller learns nothing about the input.
  app.addHook('onRequest', async (request) => {
    // Unknown paths (no route options) fall through to the 404 handler; the web app's files are public.
    const url = request.routeOptions.url;
    const declared = url && isApiPath(url) ? request.routeOptions.config.access : Access.PUBLIC;
    const access = declared ?? Access.USER;
    const token = tokenOf(request);
    if (token) {
      const withAccount = request.routeOptions.config?.withAccount === true;
      request.user = await resolveSession(app.deps.db, token, new Date(), withAccount);
      if (request.user) request.sessionToken = token;
    }
    if (access !== Access.PUBLIC && !request.user) throw notLoggedIn();
  });
});

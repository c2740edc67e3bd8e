import {
  completeRegistrationBody,
  emailOnlyBody,
  emptyEnvelope,
  loginBody,
  loginReply,
  RATE_LIMITS,
  registerBody,
  resetPasswordBody,
} from '@koma/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { Access, currentUser } from '../../plugins/auth.js';
import { Who } from '../../plugins/who.js';
import { createAccountsService } from './accounts.service.js';

const tags = ['accounts'];

export async function accountsRoutes(app: FastifyInstance) {
  const accounts = createAccountsService(app.deps);
  const r = app.withTypeProvider<ZodTypeProvider>();
  const perIp = (limit: { max: number; windowMs: number }) => ({
    max: limit.max * app.deps.config.rateLimitMultiplier,
    timeWindow: limit.windowMs,
  });
  const publicRoute = (limit: { max: number; windowMs: number }) => ({
    access: Access.PUBLIC,
    who: Who.PUBLIC,
    rateLimit: perIp(limit),
  });

  r.post(
    '/api/user/register',
    {
      config: publicRoute(RATE_LIMITS.registerPerIp),
      schema: { tags, summary: 'Provisional sign-up', body: registerBody, response: { 200: emptyEnvelope } },
    },
    async (request, reply) => {
      await accounts.register(request.body);
      return reply.ok(null, 'registered');
    },
  );

  r.post(
    '/api/user/login',
    {
      config: publicRoute(RATE_LIMITS.loginPerIp),
      schema: { tags, summary: 'Log in', body: loginBody, response: { 200: loginReply } },
    },
    async (request, reply) =>
      reply.ok(await accounts.login(request.body.username, request.body.password, request.ip), 'loggedIn'),
  );

  r.post(
    '/api/user/completeRegistration',
    {
      config: publicRoute(RATE_LIMITS.loginPerIp),
      schema: { tags, summary: 'Complete sign-up from the mailed link', body: completeRegistrationBody },
    },
    async (request, reply) => {
      await accounts.completeRegistration(request.body.token);
      return reply.ok(null, 'registrationCompleted');
    },
  );

  r.post(
    '/api/user/resendConfirmation',
    {
      config: publicRoute(RATE_LIMITS.registerPerIp),
      schema: { tags, summary: 'Mail the completion link again', body: emailOnlyBody },
    },
    async (request, reply) => {
      await accounts.resendConfirmation(request.body.email);
      return reply.ok(null, 'confirmationResent');
    },
  );

  r.post(
    '/api/user/forgotPassword',
    {
      config: publicRoute(RATE_LIMITS.registerPerIp),
      schema: { tags, summary: 'Mail a password reset link', body: emailOnlyBody },
    },
    async (request, reply) => {
      await accounts.forgotPassword(request.body.email);
      return reply.ok(null, 'resetMailSent');
    },
  );

  r.post(
    '/api/user/resetPassword',
    {
      config: publicRoute(RATE_LIMITS.loginPerIp),
      schema: { tags, summary: 'Set a new password from the mailed link', body: resetPasswordBody },
    },
    async (request, reply) => {
      await accounts.resetPassword(request.body.token, request.body.password);
      return reply.ok(null, 'passwordReset');
    },
  );

  r.post(
    '/api/user/closeFirstLogin',
    { config: { who: Who.USER }, schema: { tags, summary: 'The first-login dialog was closed' } },
    async (request, reply) => {
      await accounts.closeFirstLogin(currentUser(request).id);
      return reply.ok(null);
    },
  );

  r.get(
    '/admin/logout',
    {
      config: { who: Who.PUBLIC, access: Access.PUBLIC },
      // A GET by the spec's contract; a HEAD (link prefetchers, monitors) must not end the session.
      exposeHeadRoute: false,
      schema: { tags, summary: 'End the session' },
    },
    async (request, reply) => {
      await accounts.logout(request.sessionToken);
      return reply.ok(null, 'loggedOut');
    },
  );
}

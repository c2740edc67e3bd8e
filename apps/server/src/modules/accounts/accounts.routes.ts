import { RATE_LIMITS } from '@koma/shared';
import { contract } from '@koma/shared/contract';
import type { FastifyInstance } from 'fastify';
import { implement } from '../../http/implement.js';
import { createAccountsService } from './accounts.service.js';

export async function accountsRoutes(app: FastifyInstance) {
  const accounts = createAccountsService(app.deps);
  const perIp = (limit: { max: number; windowMs: number }) => ({
    rateLimit: { max: limit.max * app.deps.config.rateLimitMultiplier, timeWindow: limit.windowMs },
  });

  implement(app, 'accounts', contract.accounts, {
    register: {
      config: perIp(RATE_LIMITS.registerPerIp),
      handler: async ({ input, request, reply }) => {
        await accounts.register(input, request.lang);
        return reply.ok(null, 'registered');
      },
    },
    registerInvited: {
      config: perIp(RATE_LIMITS.registerPerIp),
      handler: async ({ input, reply }) =>
        reply.ok(await accounts.registerInvited(input), 'invitedRegistered'),
    },
    login: {
      config: perIp(RATE_LIMITS.loginPerIp),
      handler: async ({ input, request, reply }) =>
        reply.ok(await accounts.login(input.username, input.password, request.ip), 'loggedIn'),
    },
    completeRegistration: {
      config: perIp(RATE_LIMITS.loginPerIp),
      handler: async ({ input, reply }) => {
        await accounts.completeRegistration(input.token);
        return reply.ok(null, 'registrationCompleted');
      },
    },
    resendConfirmation: {
      config: perIp(RATE_LIMITS.registerPerIp),
      handler: async ({ input, request, reply }) => {
        await accounts.resendConfirmation(input.email, request.lang);
        return reply.ok(null, 'confirmationResent');
      },
    },
    forgotPassword: {
      config: perIp(RATE_LIMITS.registerPerIp),
      handler: async ({ input, request, reply }) => {
        await accounts.forgotPassword(input.email, request.lang);
        return reply.ok(null, 'resetMailSent');
      },
    },
    resetPassword: {
      config: perIp(RATE_LIMITS.loginPerIp),
      handler: async ({ input, reply }) => {
        await accounts.resetPassword(input.token, input.password);
        return reply.ok(null, 'passwordReset');
      },
    },
    closeFirstLogin: async ({ user }) => {
      await accounts.closeFirstLogin(user.id);
      return null;
    },
    logout: {
      // A GET by the spec's contract; a HEAD (link prefetchers, monitors) must not end the session.
      exposeHeadRoute: false,
      handler: async ({ request, reply }) => {
        await accounts.logout(request.sessionToken);
        return reply.ok(null, 'loggedOut');
      },
    },
  });
}

import { contract } from '@koma/shared/contract';
import type { FastifyInstance } from 'fastify';
import { implement } from '../../http/implement.js';
import { userIndexOf } from './profiles.presenter.js';
import { createProfilesService } from './profiles.service.js';

export async function profilesRoutes(app: FastifyInstance) {
  const profiles = createProfilesService(app.deps);
  implement(app, 'profiles', contract.profiles, {
    me: {
      handler: async ({ user, request }) => userIndexOf(await profiles.own(user), request.lang),
      // Every page of the web app asks: the account comes with the session, in one query.
      config: { withAccount: true },
    },
    detail: ({ input, user }) => profiles.detail(user.id, input.uid),
    save: async ({ input, user, reply }) => {
      await profiles.update(user.id, input);
      return reply.ok(null, 'saved');
    },
  });
}

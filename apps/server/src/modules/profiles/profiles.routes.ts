import { envelope, userIndexData } from '@koma/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { currentUser } from '../../plugins/auth.js';
import { createProfilesService } from './profiles.service.js';

const tags = ['profiles'];

export async function profilesRoutes(app: FastifyInstance) {
  const profiles = createProfilesService(app.deps);
  app
    .withTypeProvider<ZodTypeProvider>()
    .get(
      '/api/cartoonser/index',
      { schema: { tags, summary: 'The logged-in user', response: { 200: envelope(userIndexData) } } },
      async (request, reply) => reply.ok(await profiles.index(currentUser(request).id, request.lang)),
    );
}

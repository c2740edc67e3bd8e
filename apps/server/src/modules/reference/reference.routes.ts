import { envelope, registerInitData } from '@koma/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { Access } from '../../plugins/auth.js';
import { Who } from '../../plugins/who.js';
import { referenceLists } from './reference.service.js';

export async function referenceRoutes(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/user/registerInit',
    {
      config: { who: Who.PUBLIC, access: Access.PUBLIC },
      schema: {
        tags: ['accounts'],
        summary: 'Reference lists',
        response: { 200: envelope(registerInitData) },
      },
    },
    async (request, reply) => reply.ok(referenceLists(request.lang)),
  );
}

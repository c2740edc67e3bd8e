import { contract } from '@koma/shared/contract';
import type { FastifyInstance } from 'fastify';
import { implement } from '../../http/implement.js';
import { createEditorialThreadService } from './editorial-thread.service.js';

export async function editorialThreadRoutes(app: FastifyInstance) {
  const thread = createEditorialThreadService(app.deps);
  implement(app, 'editorialThread', contract.editorialThread, {
    list: ({ input: { projectId: _, chapterId, ...page }, access }) => thread.list(access, chapterId, page),
    add: async ({ input, user, access, reply }) => {
      await thread.add(user, access, input.chapterId, input.content);
      return reply.ok(null, 'posted');
    },
  });
}

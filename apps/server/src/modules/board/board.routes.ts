import { contract } from '@koma/shared/contract';
import type { FastifyInstance } from 'fastify';
import { implement } from '../../http/implement.js';
import { createBoardService } from './board.service.js';

export async function boardRoutes(app: FastifyInstance) {
  const board = createBoardService(app.deps);
  implement(app, 'board', contract.board, {
    list: ({ input: { projectId: _, ...page }, access }) => board.list(access, page),
    add: async ({ input, user, access, reply }) => {
      await board.add(user, access, input.content);
      return reply.ok(null, 'posted');
    },
  });
}

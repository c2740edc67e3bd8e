import { boardAddBody, boardListBody, boardListData, emptyEnvelope, envelope } from '@koma/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { currentUser } from '../../plugins/auth.js';
import { Who } from '../../plugins/who.js';
import { createBoardService } from './board.service.js';

const tags = ['board'];

export async function boardRoutes(app: FastifyInstance) {
  const board = createBoardService(app.deps);
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/api/messageBoard/getList',
    {
      config: { who: Who.MEMBER },
      schema: {
        tags,
        summary: "A page of the project's message board, newest last (`before`: older than that post)",
        body: boardListBody,
        response: { 200: envelope(boardListData) },
      },
    },
    async (request, reply) => {
      const { projectId, ...page } = request.body;
      return reply.ok(await board.list(currentUser(request).id, projectId, page));
    },
  );

  r.post(
    '/api/messageBoard/add',
    {
      config: { who: Who.MEMBER },
      schema: {
        tags,
        summary: 'Post on the message board (members only)',
        body: boardAddBody,
        response: { 200: emptyEnvelope },
      },
    },
    async (request, reply) => {
      await board.add(currentUser(request), request.body.projectId, request.body.content);
      return reply.ok(null, 'posted');
    },
  );
}

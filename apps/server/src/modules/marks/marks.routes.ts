import { contract } from '@koma/shared/contract';
import type { FastifyInstance } from 'fastify';
import { implement } from '../../http/implement.js';
import { presentMarkList, presentOneMark } from './marks.presenter.js';
import { createMarksService } from './marks.service.js';

/** Red-pen marks on page revisions (docs/marks.md). */
export async function marksRoutes(app: FastifyInstance) {
  const marks = createMarksService(app.deps);
  implement(app, 'marks', contract.marks, {
    list: async ({ input, user }) => presentMarkList(await marks.list(user.id, input)),
    add: async ({ input, user, reply }) =>
      reply.ok(presentOneMark(await marks.add(user.id, input)), 'markAdded'),
    reply: async ({ input, user, reply }) =>
      reply.ok(presentOneMark(await marks.reply(user.id, input)), 'markReplied'),
    resolve: async ({ input, user, reply }) =>
      reply.ok(presentOneMark(await marks.move(user.id, 'resolve', input)), 'markResolved'),
    confirm: async ({ input, user, reply }) =>
      reply.ok(presentOneMark(await marks.move(user.id, 'confirm', input)), 'markConfirmed'),
    reopen: async ({ input, user, reply }) =>
      reply.ok(presentOneMark(await marks.move(user.id, 'reopen', input)), 'markReopened'),
    remove: async ({ input, user, reply }) => {
      await marks.remove(user.id, input);
      return reply.ok(null, 'markRemoved');
    },
  });
}

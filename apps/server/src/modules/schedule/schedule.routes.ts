import { contract } from '@koma/shared/contract';
import type { FastifyInstance } from 'fastify';
import { implement } from '../../http/implement.js';
import { createScheduleService } from './schedule.service.js';
import { editorTimelineOf } from './timeline.service.js';

/** Due days, the buffer and the forecast of a chapter (docs/schedule.md). */
export async function scheduleRoutes(app: FastifyInstance) {
  const schedule = createScheduleService(app.deps);
  implement(app, 'schedule', contract.schedule, {
    chapter: ({ input, access, request }) => schedule.chapter(access, input.chapterId, request.lang),
    moveDue: async ({ input, user, access, reply }) => {
      await schedule.moveDue(access, user.id, input.chapterId, input.stepId, input.dueOn);
      return reply.ok(null, 'dueMoved');
    },
    saveBuffer: async ({ input, user, access, reply }) => {
      await schedule.saveBuffer(access, user.id, input.chapterId, input.bufferDays);
      return reply.ok(null, 'bufferSaved');
    },
    timeline: ({ user, request }) => editorTimelineOf(app.deps.db, user.id, request.lang),
  });
}

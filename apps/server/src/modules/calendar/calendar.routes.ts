import { contract } from '@koma/shared/contract';
import type { FastifyInstance } from 'fastify';
import { implement } from '../../http/implement.js';
import { createCalendarService } from './calendar.service.js';

/** The private calendar feed and the calls that make and stop it (docs/calendar.md). */
export async function calendarRoutes(app: FastifyInstance) {
  const calendar = createCalendarService(app.deps);
  implement(app, 'calendar', contract.calendar, {
    status: ({ user }) => calendar.status(user.id),
    make: async ({ input, user, reply }) =>
      reply.ok(await calendar.make(user.id, input.lang), 'calendarFeedMade'),
    stop: async ({ user, reply }) => {
      await calendar.stop(user.id);
      return reply.ok(null, 'calendarFeedStopped');
    },
    // The global per-client limit applies; no tighter one: calendar services fetch many users'
    // feeds from a few shared addresses, and a 256-bit token cannot be guessed at any pace.
    feed: async ({ input, reply }) =>
      reply
        .header('content-type', 'text/calendar; charset=utf-8')
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff')
        .header('content-disposition', 'inline; filename="koma.ics"')
        .send(await calendar.feed(input.token)),
  });
}

import { z } from 'zod';
import { endpoints } from './endpoint.js';
import { routes } from './routes.js';
import { Who } from './who.js';

const reachable = z.enum(['ok', 'unreachable']);

/** Liveness and readiness for load balancers and orchestrators. */
export const health = endpoints(routes.health, {
  live: {
    input: null,
    reply: z.object({ status: z.literal('up') }),
    who: Who.PUBLIC,
    summary: 'The process is up',
  },
  ready: {
    input: null,
    // Also the data of the 503 answer, which says which of the two cannot be reached.
    reply: z.object({ database: reachable, storage: reachable }),
    who: Who.PUBLIC,
    summary: 'Database and storage reachable (503 otherwise)',
  },
});

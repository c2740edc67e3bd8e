import { setTimeout as sleep } from 'node:timers/promises';
import { ApiStatus, DEFAULT_LANGUAGE, type Language, message } from '@koma/shared';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';

/** How often the drain looks at the requests in flight and closes idle kept-alive connections. */
const TICK_MS = 100;
/** The longest a close waits for the requests in flight (close-with-grace ends it at 10 s). */
const MAX_DRAIN_MS = 8_000;

/**
 * The graceful part of Fastify's `close()` (server.ts calls it through close-with-grace). Fastify
 * closes the listener right after the `preClose` hooks, so a new connection would be refused rather
 * than told 503 (what trial:sigterm found); and its own 503 (`return503OnClosing`, off in app.ts)
 * is a fixed body, not the API's envelope. So from the `preClose` on, every new request answers the
 * 503 envelope (registered first: no other hook, the session lookup say, runs for it), and the
 * hook waits for the requests in flight before letting Fastify close the listener. Idle kept-alive
 * connections are closed meanwhile: Node closes them only once, when the listener closes.
 */
export const drainPlugin = fp(async (app: FastifyInstance) => {
  const inFlight = new Set<FastifyReply>();
  let closing = false;
  // A live-events stream never finishes on its own: its own preClose ends it (notices.routes.ts).
  const busy = () => [...inFlight].some((reply) => !reply.sse);

  app.addHook('onRequest', (request, reply, next) => {
    if (!closing) {
      inFlight.add(reply);
      // 'close' comes once the answer is sent or the client is gone, whatever the route did.
      reply.raw.once('close', () => inFlight.delete(reply));
      return next();
    }
    const lang = (request as { lang?: Language }).lang ?? DEFAULT_LANGUAGE;
    reply
      .code(503)
      .header('connection', 'close')
      .header('retry-after', '5')
      .send({ status: ApiStatus.UNAVAILABLE, info: message('restarting', lang), data: null });
  });

  app.addHook('preClose', async () => {
    closing = true;
    const sweep = setInterval(() => app.server.closeIdleConnections(), TICK_MS);
    app.server.once('close', () => clearInterval(sweep));
    const deadline = Date.now() + MAX_DRAIN_MS;
    while (busy() && Date.now() < deadline) await sleep(TICK_MS);
  });
});

import { ApiStatus, DEFAULT_LANGUAGE, type Language, message } from '@koma/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Starts the drain before a shutdown: from now on every new request answers 503 (a load
     * balancer retries it elsewhere) while the ones in flight finish; resolves once none is left,
     * or after `maxMs` anyway.
     */
    drain(maxMs: number): Promise<void>;
  }
}

/**
 * The graceful part of a SIGTERM. Closing the listener alone would refuse new connections but let
 * requests on kept-alive ones reach handlers whose database is about to close; answering 503 from
 * the first hook keeps them out of the work entirely. Registered first, so no other hook (the
 * session lookup, say) runs for a refused request.
 */
export const drainPlugin = fp(async (app: FastifyInstance) => {
  const inFlight = new Map<FastifyRequest, FastifyReply>();
  let draining = false;
  let idle: (() => void) | null = null;
  // A hijacked reply (the live-events stream) never finishes on its own: the close ends it
  // (notices.routes.ts), so the drain does not wait for it.
  const busy = () => [...inFlight.values()].some((reply) => !reply.sent);
  const check = () => {
    if (draining && !busy()) idle?.();
  };

  app.addHook('onRequest', (request, reply, next) => {
    if (!draining) {
      inFlight.set(request, reply);
      // 'close' comes once the answer is sent or the client is gone, whatever the route did.
      reply.raw.once('close', () => {
        inFlight.delete(request);
        check();
      });
      return next();
    }
    const lang = (request as { lang?: Language }).lang ?? DEFAULT_LANGUAGE;
    reply
      .code(503)
      .header('connection', 'close')
      .header('retry-after', '5')
      .send({ status: ApiStatus.UNAVAILABLE, info: message('restarting', lang), data: null });
  });

  app.decorate('drain', (maxMs: number) => {
    draining = true;
    if (!busy()) return Promise.resolve();
    return new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, maxMs);
      timer.unref();
      idle = () => {
        clearTimeout(timer);
        resolve();
      };
    });
  });
});

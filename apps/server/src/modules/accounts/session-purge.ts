import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { purgeExpiredSessions } from './sessions.service.js';

export const SESSION_PURGE_INTERVAL_MS = 60 * 60_000;

/**
 * Expired sessions are refused by every lookup already; this frees their rows, once when the
 * server starts and then every hour. Each instance runs it: the DELETE is idempotent, so several
 * instances at once only repeat a cheap statement. The timer never keeps the process alive and
 * stops when the app closes.
 */
export const sessionPurgePlugin = fp(
  async (app: FastifyInstance) => {
    let timer: NodeJS.Timeout | undefined;
    const purge = () =>
      purgeExpiredSessions(app.deps.db)
        .then((n) => n && app.log.info({ removed: n }, 'removed expired sessions'))
        .catch((err: unknown) => app.log.warn({ err }, 'could not remove expired sessions'));
    app.addHook('onReady', async () => {
      await purge();
      timer = setInterval(purge, SESSION_PURGE_INTERVAL_MS);
      timer.unref();
    });
    app.addHook('onClose', async () => clearInterval(timer));
  },
  { name: 'koma-session-purge' },
);

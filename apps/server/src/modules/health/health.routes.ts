import type { FastifyInstance } from 'fastify';
import { Access } from '../../plugins/auth.js';
import type { Storage } from '../../plugins/storage.js';
import { Who } from '../../plugins/who.js';
import { pingDatabase } from './health.repository.js';

/** A key that never exists: asking for it proves the store answers without reading anything. */
const PROBE_KEY = 'health/probe';
const CHECK_TIMEOUT_MS = 2_000;

function within<T>(promise: Promise<T>, ms: number): Promise<T> {
  return Promise.race([
    promise,
    new Promise<T>((_, reject) => setTimeout(() => reject(new Error('timed out')), ms).unref()),
  ]);
}

/** The store's own check when it has one (S3: the bucket exists and the keys open it), else a stat. */
async function storageAnswers(storage: Storage): Promise<void> {
  if (storage.check) await storage.check();
  else await storage.stat(PROBE_KEY);
}

/** Liveness and readiness for load balancers and orchestrators; public, never rate limited. */
export async function healthRoutes(app: FastifyInstance) {
  const config = { access: Access.PUBLIC, who: Who.PUBLIC, rateLimit: false } as const;

  app.get(
    '/api/health',
    { config, schema: { tags: ['health'], summary: 'The process is up' } },
    async (_, reply) => reply.ok({ status: 'up' }),
  );

  app.get(
    '/api/ready',
    { config, schema: { tags: ['health'], summary: 'Database and storage reachable (503 otherwise)' } },
    async (request, reply) => {
      const checks = await Promise.allSettled([
        within(pingDatabase(app.deps.db), CHECK_TIMEOUT_MS),
        within(storageAnswers(app.deps.storage), CHECK_TIMEOUT_MS),
      ]);
      const [database, storage] = checks.map((c) => (c.status === 'fulfilled' ? 'ok' : 'unreachable'));
      const ready = database === 'ok' && storage === 'ok';
      if (!ready) request.log.warn({ database, storage }, 'not ready');
      return reply.code(ready ? 200 : 503).send({
        status: ready ? 200 : 503,
        info: ready ? 'ready' : 'not ready',
        data: { database, storage },
      });
    },
  );
}

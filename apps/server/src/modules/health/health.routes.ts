import { contract } from '@koma/shared/contract';
import type { FastifyInstance } from 'fastify';
import { implement } from '../../http/implement.js';
import type { Storage } from '../../infra/storage.js';
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
  const config = { rateLimit: false } as const;
  implement(app, 'health', contract.health, {
    live: { handler: () => ({ status: 'up' as const }), config },
    ready: {
      handler: async ({ request, reply }) => {
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
      config,
    },
  });
}

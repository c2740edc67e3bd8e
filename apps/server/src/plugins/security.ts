import helmet, { type FastifyHelmetOptions } from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import { RATE_LIMITS } from '@koma/shared';
import Fastify, { type FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { instanceLimiters } from '../infra/rate-limiters.js';
import { s3Origin } from '../infra/s3-storage.js';
import { tooManyRequests } from '../lib/app-error.js';
import { clientKey } from '../lib/client-key.js';
import { rateLimitStore } from '../modules/rate-limits/rate-limit-store.js';

/** What every response carries anyway: not helmet's. */
const NOT_HELMETS = new Set(['content-type', 'content-length', 'date', 'connection', 'keep-alive']);

/**
 * Helmet's headers are the same for every response, but @fastify/helmet builds its middleware
 * anew on each request (a few percent of the server's time on small calls). They are worked out
 * once at start, by helmet itself on a throwaway instance, and set by one hook.
 */
async function helmetHeaders(options: FastifyHelmetOptions): Promise<Record<string, string>> {
  const probe = Fastify();
  await probe.register(helmet, options);
  probe.get('/', async () => '');
  const res = await probe.inject('/');
  await probe.close();
  return Object.fromEntries(
    Object.entries(res.headers)
      .filter(([name]) => !NOT_HELMETS.has(name))
      .map(([name, value]) => [name, String(value)]),
  );
}

/**
 * Security headers with a strict CSP, and a global per-client request limit (routes set tighter
 * ones). The global flood limit counts in each instance's memory; the routes' own limits (login,
 * sign-up, password reset, mails) in PostgreSQL when several instances share it
 * (infra/rate-limiters.ts, docs/access.md).
 */
export const securityPlugin = fp(async (app: FastifyInstance) => {
  const { s3 } = app.deps.config;
  // In S3 mode private images (pages, samples) load from presigned links on the store's origin.
  const storeOrigins = s3 ? [s3Origin(s3)] : [];
  const headers = await helmetHeaders({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // antd writes its styles at run time (CSS-in-JS); scripts stay strictly 'self'.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', ...storeOrigins],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    // HSTS only matters behind TLS; a plain-HTTP local start must not pin browsers to HTTPS.
    hsts: app.deps.config.trustProxy ? { maxAge: 31_536_000, includeSubDomains: true } : false,
  });
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(headers);
    // API answers are personal: no browser or shared cache keeps them (files set their own policy).
    if (request.url.startsWith('/api/')) reply.header('cache-control', 'no-store');
    done();
  });
  const { config, limiters } = app.deps;
  await app.register(rateLimit, {
    global: true,
    // A shared count of every request cost one upsert each; the routes' limits protect accounts
    // and mails, and count in the table (while the database cannot count, in memory).
    store: rateLimitStore({ global: instanceLimiters, routes: limiters }),
    max: RATE_LIMITS.global.max * config.rateLimitMultiplier,
    timeWindow: RATE_LIMITS.global.windowMs,
    // An IPv6 client by its /64, like the login limits (lib/client-key.ts).
    keyGenerator: (request) => clientKey(request.ip),
    errorResponseBuilder: () => tooManyRequests(),
  });
});

import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import { RATE_LIMITS } from '@koma/shared';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { tooManyRequests } from '../lib/app-error.js';

/** Security headers with a strict CSP, and a global per-IP request limit (routes set tighter ones). */
export const securityPlugin = fp(async (app: FastifyInstance) => {
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // antd writes its styles at run time (CSS-in-JS); scripts stay strictly 'self'.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
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
  const scale = app.deps.config.rateLimitMultiplier;
  await app.register(rateLimit, {
    global: true,
    max: RATE_LIMITS.global.max * scale,
    timeWindow: RATE_LIMITS.global.windowMs,
    errorResponseBuilder: () => tooManyRequests(),
  });
});

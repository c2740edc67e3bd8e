import { RATE_LIMITS } from '@koma/shared';
import { contract } from '@koma/shared/contract';
import type { FastifyInstance } from 'fastify';
import { implement } from '../../http/implement.js';
import { createReviewGuestsService } from './review-guests.service.js';
import { createReviewLinksService } from './review-links.service.js';

export async function reviewLinksRoutes(app: FastifyInstance) {
  const links = createReviewLinksService(app.deps);
  const guests = createReviewGuestsService(app.deps);
  const { max, windowMs } = RATE_LIMITS.reviewOpenPerIp;
  const perIp = { rateLimit: { max: max * app.deps.config.rateLimitMultiplier, timeWindow: windowMs } };

  implement(app, 'reviewLinks', contract.reviewLinks, {
    make: async ({ input, user, access, request, reply }) =>
      reply.ok(await links.make(user, access, input, request.lang), 'reviewLinkMade'),
    list: ({ input, access, request }) => links.list(access, input.chapterId, request.lang),
    revoke: async ({ input, user, access, reply }) => {
      await links.revoke(user, access, input.chapterId, input.linkId);
      return reply.ok(null, 'reviewLinkRevoked');
    },
    revokeAll: async ({ input, user, access, reply }) =>
      reply.ok(await links.revokeAll(user, access, input.chapterId), 'reviewLinksRevoked'),
  });

  implement(app, 'review', contract.review, {
    about: { config: perIp, handler: ({ input, request }) => guests.about(input.token, request.ip) },
    open: { config: perIp, handler: ({ input, request }) => guests.open(input, request.ip) },
    pages: ({ guest, request }) => guests.pages(guest, request.lang),
  });
}

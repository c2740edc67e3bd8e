import { CheckStatus } from '@koma/shared';
import { contract } from '@koma/shared/contract';
import type { FastifyInstance } from 'fastify';
import { implement } from '../../http/implement.js';
import { createNameReviewService } from '../pages/name-review.service.js';
import { createPagesService } from '../pages/pages.service.js';
import { createChaptersService } from './chapters.service.js';

export async function chaptersRoutes(app: FastifyInstance) {
  const chapters = createChaptersService(app.deps);
  const pages = createPagesService(app.deps);
  const nameReview = createNameReviewService(app.deps);
  implement(app, 'chapters', contract.chapters, {
    list: async ({ access, request }) => ({ list: await chapters.list(access, request.lang) }),
    add: async ({ input: { projectId: _, ...chapter }, user, access, reply }) =>
      reply.ok({ chapterId: await chapters.add(user.id, access, chapter) }, 'chapterAdded'),
    search: ({ input, user, request }) => chapters.search(user.id, input, request.lang),
    detail: ({ input, access, request }) => chapters.details(access, input.chapterId, request.lang),
    update: async ({ input, user, access, reply }) => {
      await chapters.update(user.id, access, input);
      return reply.ok(null, 'chapterUpdated');
    },
    submitNames: async ({ input, user, reply }) => {
      await pages.commit(user.id, input.projectId, input.chapterId);
      return reply.ok(null, 'namesSubmitted');
    },
    checkNames: async ({ input, user, access, reply }) => {
      await pages.check(user.id, access, input);
      return reply.ok(null, input.checkStatus === CheckStatus.ACCEPT ? 'namesApproved' : 'namesRejected');
    },
    approveAllPages: async ({ input, user, access, reply }) =>
      reply.ok(await nameReview.approveAll(user.id, access, input.chapterId), 'namesApproved'),
  });
}

import { pageRef } from '@koma/shared';
import { contract } from '@koma/shared/contract';
import type { FastifyInstance } from 'fastify';
import { implement } from '../../http/implement.js';
import { badInput } from '../../lib/app-error.js';
import { readFormUpToFile } from '../uploads/upload-form.js';
import { createNameReviewService } from './name-review.service.js';
import { createPagesService } from './pages.service.js';

/** The draft (storyboard) pages of a chapter: /chapter/script (docs/production.md). */
export async function pagesRoutes(app: FastifyInstance) {
  const pages = createPagesService(app.deps);
  const nameReview = createNameReviewService(app.deps);
  implement(app, 'pages', contract.pages, {
    list: ({ input, access, user, request }) => pages.list(access, user, input.chapterId, request.lang),
    add: async ({ input, user, reply }) =>
      reply.ok({ pageId: await pages.addNew(user.id, input.projectId, input.chapterId) }, 'pageAdded'),
    remove: async ({ input, user, reply }) => {
      await pages.delete(user.id, input);
      return reply.ok(null, 'pageDeleted');
    },
    upload: async ({ user, request, reply }) => {
      const { fields, file } = await readFormUpToFile(request);
      const ids = pageRef.safeParse(fields);
      if (!ids.success) throw badInput();
      return reply.ok(await pages.upload(user.id, ids.data, file, request.lang), 'pageUploaded');
    },
    link: async ({ input, access }) => ({ downloadUrl: await pages.downloadUrl(access, input.pageId) }),
    notes: ({ input: { pageId, page, pageSize }, access }) => pages.listNotes(access, pageId, page, pageSize),
    addNote: async ({ input, user, access, reply }) => {
      await pages.addNote(user.id, access, input.pageId, input.content);
      return reply.ok(null, 'noteAdded');
    },
    check: async ({ input, user, access, reply }) => {
      await pages.review(access, user.id, input);
      return reply.ok(null, 'pageReviewed');
    },
    revisions: async ({ input, access, request }) => ({
      list: await nameReview.revisions(access, input.pageId, request.lang),
    }),
  });
}

import {
  chapterAddBody,
  chapterAddData,
  chapterListBody,
  chapterListData,
  chapterSearchBody,
  chapterSearchData,
  envelope,
} from '@koma/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { currentUser } from '../../plugins/auth.js';
import { createChaptersService } from './chapters.service.js';

const tags = ['chapters'];

export async function chaptersRoutes(app: FastifyInstance) {
  const chapters = createChaptersService(app.deps);
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/api/chapter/getList',
    {
      schema: {
        tags,
        summary: 'Chapters of a project (members)',
        body: chapterListBody,
        response: { 200: envelope(chapterListData) },
      },
    },
    async (request, reply) =>
      reply.ok({ list: await chapters.list(currentUser(request).id, request.body.projectId, request.lang) }),
  );

  r.post(
    '/api/chapter/add',
    {
      schema: {
        tags,
        summary: 'Add a chapter (founder)',
        body: chapterAddBody,
        response: { 200: envelope(chapterAddData) },
      },
    },
    async (request, reply) =>
      reply.ok({ chapterId: await chapters.add(currentUser(request).id, request.body) }, 'chapterAdded'),
  );

  r.post(
    '/api/chapter/search',
    {
      schema: {
        tags,
        summary: "Search chapter-level openings ('案件')",
        body: chapterSearchBody,
        response: { 200: envelope(chapterSearchData) },
      },
    },
    async (request, reply) =>
      reply.ok(await chapters.search(currentUser(request).id, request.body, request.lang)),
  );
}

import {
  CheckStatus,
  chapterAddBody,
  chapterAddData,
  chapterCheckBody,
  chapterDetailsData,
  chapterListBody,
  chapterListData,
  chapterRef,
  chapterSearchBody,
  chapterSearchData,
  chapterUpdateBody,
  emptyEnvelope,
  envelope,
} from '@koma/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { currentUser } from '../../plugins/auth.js';
import { Who } from '../../plugins/who.js';
import { createPagesService } from '../pages/pages.service.js';
import { createChaptersService } from './chapters.service.js';

const tags = ['chapters'];

export async function chaptersRoutes(app: FastifyInstance) {
  const chapters = createChaptersService(app.deps);
  const pages = createPagesService(app.deps);
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/api/chapter/getList',
    {
      config: { who: Who.MEMBER },
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
      config: { who: Who.FOUNDER },
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
      config: { who: Who.USER },
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

  r.post(
    '/api/chapter/getDetails',
    {
      config: { who: Who.MEMBER },
      schema: {
        tags,
        summary: 'A chapter with its project, audit, editor and what the caller may do (members)',
        body: chapterRef,
        response: { 200: envelope(chapterDetailsData) },
      },
    },
    async (request, reply) => {
      const { projectId, chapterId } = request.body;
      return reply.ok(await chapters.details(currentUser(request).id, projectId, chapterId, request.lang));
    },
  );

  r.post(
    '/api/chapter/update',
    {
      config: { who: Who.FOUNDER },
      schema: {
        tags,
        summary: "Edit a chapter's information (founder, until the final audit passes)",
        body: chapterUpdateBody,
        response: { 200: emptyEnvelope },
      },
    },
    async (request, reply) => {
      await chapters.update(currentUser(request).id, request.body);
      return reply.ok(null, 'chapterUpdated');
    },
  );

  r.post(
    '/api/chapter/commitPages',
    {
      config: { who: Who.CREATOR },
      schema: {
        tags,
        summary: 'Submit the storyboard to the editor (creators, status 1/5 → 4)',
        body: chapterRef,
        response: { 200: emptyEnvelope },
      },
    },
    async (request, reply) => {
      const { projectId, chapterId } = request.body;
      await pages.commit(currentUser(request).id, projectId, chapterId);
      return reply.ok(null, 'namesSubmitted');
    },
  );

  r.post(
    '/api/chapter/editorCheckChapter',
    {
      config: { who: Who.EDITOR_IN_CHARGE },
      schema: {
        tags,
        summary: 'Approve (→ 2) or reject (→ 5, with a reason) the storyboard (editor in charge, status 4)',
        body: chapterCheckBody,
        response: { 200: emptyEnvelope },
      },
    },
    async (request, reply) => {
      await pages.check(currentUser(request).id, request.body);
      return reply.ok(
        null,
        request.body.checkStatus === CheckStatus.ACCEPT ? 'namesApproved' : 'namesRejected',
      );
    },
  );
}

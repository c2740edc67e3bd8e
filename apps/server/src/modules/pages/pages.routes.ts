import {
  chapterRef,
  downloadUrlData,
  draftPage,
  draftPageListData,
  emptyEnvelope,
  envelope,
  pageAddData,
  pageCheckBody,
  pageNoteAddBody,
  pageNoteListBody,
  pageNoteListData,
  pageRef,
} from '@koma/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { badInput } from '../../lib/app-error.js';
import { currentUser } from '../../plugins/auth.js';
import { Who } from '../../plugins/who.js';
import { readFormUpToFile } from '../uploads/upload-form.js';
import { registerPageTodos } from './page-todos.js';
import { createPagesService } from './pages.service.js';

const tags = ['pages'];

/** The draft (storyboard) pages of a chapter: /chapter/script (docs/production.md). */
export async function pagesRoutes(app: FastifyInstance) {
  registerPageTodos();
  const pages = createPagesService(app.deps);
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/api/page/getList',
    {
      config: { who: Who.MEMBER },
      schema: {
        tags,
        summary: 'The draft pages of a chapter (members)',
        body: chapterRef,
        response: { 200: envelope(draftPageListData) },
      },
    },
    async (request, reply) => {
      const { projectId, chapterId } = request.body;
      return reply.ok(await pages.list(currentUser(request).id, projectId, chapterId, request.lang));
    },
  );

  r.post(
    '/api/page/addNew',
    {
      config: { who: Who.CREATOR },
      schema: {
        tags,
        summary: 'Append an empty page (creators, chapter status 1/5)',
        body: chapterRef,
        response: { 200: envelope(pageAddData) },
      },
    },
    async (request, reply) => {
      const { projectId, chapterId } = request.body;
      return reply.ok(
        { pageId: await pages.addNew(currentUser(request).id, projectId, chapterId) },
        'pageAdded',
      );
    },
  );

  r.post(
    '/api/page/delPage',
    {
      config: { who: Who.CREATOR },
      schema: {
        tags,
        summary: 'Delete a page; later pages are renumbered (creators, chapter status 1/5)',
        body: pageRef,
        response: { 200: emptyEnvelope },
      },
    },
    async (request, reply) => {
      await pages.delete(currentUser(request).id, request.body);
      return reply.ok(null, 'pageDeleted');
    },
  );

  r.post(
    '/api/page/uploadFile',
    {
      config: { who: Who.CREATOR },
      schema: {
        tags,
        summary: "Upload a page's image (multipart: projectId, pageId, then file; PNG/GIF/JPG ≤ 2 MiB)",
        consumes: ['multipart/form-data'],
        response: { 200: envelope(draftPage) },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const { fields, file } = await readFormUpToFile(request);
      const ids = pageRef.safeParse(fields);
      if (!ids.success) throw badInput();
      return reply.ok(await pages.upload(user.id, ids.data, file, request.lang), 'pageUploaded');
    },
  );

  r.post(
    '/api/page/downloadFile',
    {
      config: { who: Who.MEMBER },
      schema: {
        tags,
        summary: "A short-lived link to a page's image (members)",
        body: pageRef,
        response: { 200: envelope(downloadUrlData) },
      },
    },
    async (request, reply) =>
      reply.ok({ downloadUrl: await pages.downloadUrl(currentUser(request).id, request.body) }),
  );

  r.post(
    '/api/page/getNoteList',
    {
      config: { who: Who.MEMBER },
      schema: {
        tags,
        summary: "A page's notes, oldest first (members)",
        body: pageNoteListBody,
        response: { 200: envelope(pageNoteListData) },
      },
    },
    async (request, reply) => {
      const { projectId, pageId, page, pageSize } = request.body;
      return reply.ok(await pages.listNotes(currentUser(request).id, { projectId, pageId }, page, pageSize));
    },
  );

  r.post(
    '/api/page/addNote',
    {
      config: { who: Who.MEMBER },
      schema: {
        tags,
        summary: 'Comment on a page (members)',
        body: pageNoteAddBody,
        response: { 200: emptyEnvelope },
      },
    },
    async (request, reply) => {
      const { projectId, pageId, content } = request.body;
      await pages.addNote(currentUser(request).id, { projectId, pageId }, content);
      return reply.ok(null, 'noteAdded');
    },
  );

  r.post(
    '/api/page/editorCheck',
    {
      config: { who: Who.EDITOR_IN_CHARGE },
      schema: {
        tags,
        summary: 'Pass (1) or reject (2) a page (editor in charge, chapter status 4)',
        body: pageCheckBody,
        response: { 200: emptyEnvelope },
      },
    },
    async (request, reply) => {
      const { projectId, pageId, checkStatus } = request.body;
      await pages.review(currentUser(request).id, { projectId, pageId }, checkStatus);
      return reply.ok(null, 'pageReviewed');
    },
  );
}

import {
  CheckStatus,
  dealInvitEditorBody,
  dealProjectBody,
  dealProjectData,
  emptyEnvelope,
  envelope,
  invitEditorBody,
  invitEditorListData,
  proIdBody,
  proIdQuery,
  projectDetailData,
  projectIdBody,
  projectSearchBody,
  projectSearchData,
  searchProjectBody,
  searchProjectData,
} from '@koma/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { currentUser } from '../../plugins/auth.js';
import { Who } from '../../plugins/who.js';
import { createProjectSearchService } from './project-search.service.js';
import { registerProjectTodos } from './project-todos.js';
import { createProjectsService } from './projects.service.js';

const tags = ['projects'];

export async function projectsRoutes(app: FastifyInstance) {
  registerProjectTodos();
  const projects = createProjectsService(app.deps);
  const search = createProjectSearchService(app.deps);
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/api/project/dealProject',
    {
      config: { who: Who.USER },
      schema: {
        tags,
        summary: 'Create or edit a project',
        body: dealProjectBody,
        response: { 200: envelope(dealProjectData) },
      },
    },
    async (request, reply) =>
      reply.ok({ projectId: await projects.save(currentUser(request), request.body) }, 'saved'),
  );

  r.post(
    '/api/project/searchProject',
    {
      config: { who: Who.USER },
      schema: {
        tags,
        summary: 'My or joined projects',
        body: searchProjectBody,
        response: { 200: envelope(searchProjectData) },
      },
    },
    async (request, reply) => {
      const { type, keyword } = request.body;
      return reply.ok(await projects.list(currentUser(request).id, type === 1, keyword, request.lang));
    },
  );

  r.get(
    '/api/project/projectDetail',
    {
      config: { who: Who.USER },
      schema: {
        tags,
        summary: 'A project',
        querystring: proIdQuery,
        response: { 200: envelope(projectDetailData) },
      },
    },
    async (request, reply) =>
      reply.ok(await projects.detail(currentUser(request).id, request.query.proId, request.lang)),
  );

  r.post(
    '/api/project/complete',
    {
      config: { who: Who.FOUNDER },
      schema: {
        tags,
        summary: 'The founder marks the project completed',
        body: projectIdBody,
        response: { 200: emptyEnvelope },
      },
    },
    async (request, reply) => {
      await projects.complete(currentUser(request).id, request.body.projectId);
      return reply.ok(null, 'projectCompleted');
    },
  );

  r.post(
    '/api/project/invitEditorList',
    {
      config: { who: Who.FOUNDER },
      schema: {
        tags,
        summary: 'Editors the founder may invite',
        body: proIdBody,
        response: { 200: envelope(invitEditorListData) },
      },
    },
    async (request, reply) =>
      reply.ok({ list: await projects.editorCandidates(currentUser(request).id, request.body.proId) }),
  );

  r.post(
    '/api/project/invitEditor',
    {
      config: { who: Who.FOUNDER },
      schema: {
        tags,
        summary: 'Invite the editor in charge',
        body: invitEditorBody,
        response: { 200: emptyEnvelope },
      },
    },
    async (request, reply) => {
      await projects.inviteEditor(currentUser(request).id, request.body.projectid, request.body.userid);
      return reply.ok(null, 'invitationSent');
    },
  );

  r.post(
    '/api/project/dealInvitEditor',
    {
      config: { who: Who.OWNER },
      schema: {
        tags,
        summary: 'Answer an editor invitation',
        body: dealInvitEditorBody,
        response: { 200: emptyEnvelope },
      },
    },
    async (request, reply) => {
      const { projectId, checkStatus } = request.body;
      await projects.answerInvitation(currentUser(request).id, projectId, checkStatus);
      return reply.ok(null, checkStatus === CheckStatus.ACCEPT ? 'invitationAccepted' : 'invitationRefused');
    },
  );

  r.post(
    '/api/project/search',
    {
      config: { who: Who.USER },
      schema: {
        tags,
        summary: 'Search recruiting projects',
        body: projectSearchBody,
        response: { 200: envelope(projectSearchData) },
      },
    },
    async (request, reply) =>
      reply.ok(await search.search(currentUser(request).id, request.body, request.lang)),
  );
}

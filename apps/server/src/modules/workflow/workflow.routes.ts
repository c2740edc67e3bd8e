import {
  chapterRef,
  chapterRejectBody,
  downloadUrlData,
  downloadZipBody,
  emptyEnvelope,
  envelope,
  pageAssignmentData,
  positionMembersData,
  StepEventKind,
  savePositionMembersBody,
  stepCommitBody,
  stepHistoryData,
  stepRef,
  stepRejectBody,
  workPageDetailBody,
  workPageDetailData,
  workPagesData,
  zipQuery,
} from '@koma/shared';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { notFound } from '../../lib/app-error.js';
import { attachmentDisposition } from '../../lib/content-disposition.js';
import { Access, currentUser } from '../../plugins/auth.js';
import { Who } from '../../plugins/who.js';
import { createChapterAuditService } from './chapter-audit.service.js';
import { type ChapterZip, createChapterZipService } from './chapter-zip.service.js';
import { createWorkflowAssignmentService } from './workflow-assignment.service.js';
import { createWorkflowStepsService } from './workflow-steps.service.js';
import { registerWorkflowTodos } from './workflow-todos.js';

const tags = ['workflow'];

function sendZip(reply: FastifyReply, zip: ChapterZip) {
  return reply
    .header('content-type', 'application/zip')
    .header('content-disposition', attachmentDisposition(zip.fileName))
    .header('cache-control', 'private, no-store')
    .send(zip.stream);
}

/** The page work flow (DESIGN.md section 6): assignment, the steps' transitions, the final audit, the zip. */
export async function workflowRoutes(app: FastifyInstance) {
  registerWorkflowTodos();
  const assignment = createWorkflowAssignmentService(app.deps);
  const steps = createWorkflowStepsService(app.deps);
  const audit = createChapterAuditService(app.deps);
  const zips = createChapterZipService(app.deps);
  const r = app.withTypeProvider<ZodTypeProvider>();

  // --- assignment (/chapter/settings) --------------------------------------------------------
  r.post(
    '/api/workflow/positionMemberList',
    {
      config: { who: Who.MEMBER },
      schema: {
        tags,
        summary: 'Positions with the members who may take them (members)',
        body: chapterRef,
        response: { 200: envelope(positionMembersData) },
      },
    },
    async (request, reply) => {
      const { projectId, chapterId } = request.body;
      return reply.ok(
        await assignment.positionMembers(currentUser(request).id, projectId, chapterId, request.lang),
      );
    },
  );

  r.post(
    '/api/workflow/getPositionMembers',
    {
      config: { who: Who.MEMBER },
      schema: {
        tags,
        summary: "Every page's steps in order (members)",
        body: chapterRef,
        response: { 200: envelope(pageAssignmentData) },
      },
    },
    async (request, reply) => {
      const { projectId, chapterId } = request.body;
      return reply.ok(await assignment.plan(currentUser(request).id, projectId, chapterId, request.lang));
    },
  );

  r.post(
    '/api/workflow/savePositionMembers',
    {
      config: { who: Who.FOUNDER },
      schema: {
        tags,
        summary: 'Save the steps of pages (founder); starts production',
        body: savePositionMembersBody,
        response: { 200: emptyEnvelope },
      },
    },
    async (request, reply) => {
      await assignment.save(currentUser(request).id, request.body);
      return reply.ok(null, 'workflowSaved');
    },
  );

  // --- the work screen (/chapter/details) ---------------------------------------------------
  r.post(
    '/api/workflow/pageWorkingProcessList',
    {
      config: { who: Who.MEMBER },
      schema: {
        tags,
        summary: 'Pages with their current step, buttons and the audit record (members)',
        body: chapterRef,
        response: { 200: envelope(workPagesData) },
      },
    },
    async (request, reply) => {
      const { projectId, chapterId } = request.body;
      return reply.ok(await steps.pages(currentUser(request).id, projectId, chapterId, request.lang));
    },
  );

  r.post(
    '/api/workflow/pageWorkingProcessDetail',
    {
      config: { who: Who.MEMBER },
      schema: {
        tags,
        summary: "A page's steps and current step (members)",
        body: workPageDetailBody,
        response: { 200: envelope(workPageDetailData) },
      },
    },
    async (request, reply) => {
      const { projectId, chapterId, pageId } = request.body;
      return reply.ok(
        await steps.pageDetail(currentUser(request).id, projectId, chapterId, pageId, request.lang),
      );
    },
  );

  r.post(
    '/api/workflow/actionStart',
    {
      config: { who: Who.ASSIGNEE },
      schema: {
        tags,
        summary: 'Start the current step (assignee); a link to its input file',
        body: stepRef,
        response: { 200: envelope(downloadUrlData) },
      },
    },
    async (request, reply) => {
      const { projectId, workflowStepId } = request.body;
      const downloadUrl = await steps.start(currentUser(request).id, projectId, workflowStepId);
      return reply.ok({ downloadUrl }, 'workStarted');
    },
  );

  r.post(
    '/api/workflow/actionCommit',
    {
      config: { who: Who.ASSIGNEE },
      schema: {
        tags,
        summary: 'Hand in the uploaded result of a step (assignee)',
        body: stepCommitBody,
        response: { 200: emptyEnvelope },
      },
    },
    async (request, reply) => {
      const { projectId, workflowStepId, filePath } = request.body;
      await steps.commit(currentUser(request).id, projectId, workflowStepId, filePath);
      return reply.ok(null, 'workCommitted');
    },
  );

  r.post(
    '/api/workflow/actionAuditPass',
    {
      config: { who: Who.APPROVER },
      schema: {
        tags,
        summary: 'Approve a step (founder or main artist)',
        body: stepRef,
        response: { 200: emptyEnvelope },
      },
    },
    async (request, reply) => {
      const { projectId, workflowStepId } = request.body;
      await steps.pass(currentUser(request).id, projectId, workflowStepId);
      return reply.ok(null, 'workApproved');
    },
  );

  r.post(
    '/api/workflow/actionAuditReject',
    {
      config: { who: Who.APPROVER },
      schema: {
        tags,
        summary: 'Send a step back with a reason (founder or main artist)',
        body: stepRejectBody,
        response: { 200: emptyEnvelope },
      },
    },
    async (request, reply) => {
      const { projectId, workflowStepId, remark, filePath } = request.body;
      await steps.reject(currentUser(request).id, projectId, workflowStepId, remark, filePath);
      return reply.ok(null, 'workRejected');
    },
  );

  r.post(
    '/api/workflow/commitList',
    {
      config: { who: Who.MEMBER },
      schema: {
        tags,
        summary: "A step's history, newest first (members)",
        body: stepRef,
        response: { 200: envelope(stepHistoryData) },
      },
    },
    async (request, reply) => {
      const { projectId, workflowStepId } = request.body;
      return reply.ok(await steps.history(currentUser(request).id, projectId, workflowStepId));
    },
  );

  r.post(
    '/api/workflow/commentList',
    {
      config: { who: Who.MEMBER },
      schema: {
        tags,
        summary: "A step's sendings back with their reasons (members)",
        body: stepRef,
        response: { 200: envelope(stepHistoryData) },
      },
    },
    async (request, reply) => {
      const { projectId, workflowStepId } = request.body;
      return reply.ok(
        await steps.history(currentUser(request).id, projectId, workflowStepId, StepEventKind.REJECT),
      );
    },
  );

  // --- the final audit -------------------------------------------------------------------
  r.post(
    '/api/workflow/chapter/actionCommit',
    {
      config: { who: Who.FOUNDER },
      schema: {
        tags,
        summary: 'Request the final audit (founder, every page done)',
        body: chapterRef,
        response: { 200: emptyEnvelope },
      },
    },
    async (request, reply) => {
      await audit.submit(currentUser(request).id, request.body.projectId, request.body.chapterId);
      return reply.ok(null, 'finalSubmitted');
    },
  );

  r.post(
    '/api/workflow/chapter/actionAuditPass',
    {
      config: { who: Who.EDITOR_IN_CHARGE },
      schema: {
        tags,
        summary: 'Pass the final audit: 校了 (editor in charge)',
        body: chapterRef,
        response: { 200: emptyEnvelope },
      },
    },
    async (request, reply) => {
      await audit.pass(currentUser(request).id, request.body.projectId, request.body.chapterId);
      return reply.ok(null, 'finalApproved');
    },
  );

  r.post(
    '/api/workflow/chapter/actionAuditReject',
    {
      config: { who: Who.EDITOR_IN_CHARGE },
      schema: {
        tags,
        summary: 'Send the final audit back with a reason (editor in charge)',
        body: chapterRejectBody,
        response: { 200: emptyEnvelope },
      },
    },
    async (request, reply) => {
      const { projectId, chapterId, remark } = request.body;
      await audit.reject(currentUser(request).id, projectId, chapterId, remark);
      return reply.ok(null, 'finalRejected');
    },
  );

  // --- the manuscript zip ----------------------------------------------------------------
  r.post(
    '/api/workflow/downloadZip',
    {
      config: { who: Who.MEMBER },
      schema: {
        tags,
        summary: 'The finished pages as a zip (members); with link: true a signed GET link to it',
        body: downloadZipBody,
      },
    },
    async (request, reply) => {
      const { projectId, chapterId, link } = request.body;
      const userId = currentUser(request).id;
      if (link) return reply.ok({ downloadUrl: await zips.link(userId, projectId, chapterId) });
      return sendZip(reply, await zips.zip(userId, projectId, chapterId));
    },
  );

  r.get(
    '/api/workflow/zip',
    {
      config: { who: Who.SIGNED_LINK, access: Access.PUBLIC },
      schema: { tags, summary: 'The zip behind a signed link from downloadZip', querystring: zipQuery },
    },
    async (request, reply) => {
      const { projectId, chapterId, exp, sig } = request.query;
      const zip = await zips.zipByLink(projectId, chapterId, exp, sig);
      if (!zip) throw notFound();
      return sendZip(reply, zip);
    },
  );
}

import { AccessKind, StepEventKind } from '@koma/shared';
import { contract } from '@koma/shared/contract';
import type { FastifyInstance } from 'fastify';
import { implement } from '../../http/implement.js';
import { notFound } from '../../lib/app-error.js';
import { sendAttachment } from '../../lib/content-disposition.js';
import { recordAccess } from '../access-record/access-record.service.js';
import { createChapterAuditService } from './chapter-audit.service.js';
import { createChapterViewerService } from './chapter-viewer.service.js';
import { createChapterZipService } from './chapter-zip.service.js';
import { createStepHandoverService } from './step-handover.service.js';
import { presentWorkPages } from './workflow.presenter.js';
import { createWorkflowAssignmentService } from './workflow-assignment.service.js';
import { createWorkflowStepsService } from './workflow-steps.service.js';

/** The page work flow (docs/production.md): assignment, the steps' transitions, the final audit, the zip. */
export async function workflowRoutes(app: FastifyInstance) {
  const assignment = createWorkflowAssignmentService(app.deps);
  const steps = createWorkflowStepsService(app.deps);
  const audit = createChapterAuditService(app.deps);
  const zips = createChapterZipService(app.deps);
  const viewer = createChapterViewerService(app.deps);
  const handover = createStepHandoverService(app.deps);
  implement(app, 'workflow', contract.workflow, {
    // assignment (/chapter/settings)
    positions: ({ input, access, request }) =>
      assignment.positionMembers(access, input.chapterId, request.lang),
    plan: ({ input, access, request }) => assignment.plan(access, input.chapterId, request.lang),
    savePlan: async ({ input, access, reply }) => {
      await assignment.save(access, input);
      return reply.ok(null, 'workflowSaved');
    },
    handOver: async ({ input, access, user, reply }) => {
      await handover.handOver(access, user.id, input);
      return reply.ok(null, 'stepHandedOver');
    },
    // the work screen (/chapter/details)
    pages: async ({ input, access, user, request }) =>
      presentWorkPages(await steps.pages(user, access, input.chapterId, request.lang)),
    page: ({ input, user, access, request }) =>
      steps.pageDetail(user.id, access, input.chapterId, input.pageId, request.lang),
    start: async ({ input, user, reply }) => {
      const downloadUrl = await steps.start(user.id, input.projectId, input.workflowStepId);
      return reply.ok({ downloadUrl }, 'workStarted');
    },
    commit: async ({ input, user, reply }) => {
      await steps.commit(user.id, input.projectId, input.workflowStepId, input.filePath);
      return reply.ok(null, 'workCommitted');
    },
    pass: async ({ input, user, reply }) => {
      await steps.pass(user.id, input.projectId, input.workflowStepId);
      return reply.ok(null, 'workApproved');
    },
    reject: async ({ input, user, reply }) => {
      const { projectId, workflowStepId, remark, filePath } = input;
      await steps.reject(user.id, projectId, workflowStepId, remark, filePath);
      return reply.ok(null, 'workRejected');
    },
    history: ({ input, access, request }) => steps.history(access, input.workflowStepId, request.lang),
    comments: ({ input, access, request }) =>
      steps.history(access, input.workflowStepId, request.lang, StepEventKind.REJECT),
    // the final audit
    submitAudit: async ({ input, access, reply }) => {
      await audit.submit(access, input.chapterId, input.confirmWarnings);
      return reply.ok(null, 'finalSubmitted');
    },
    passAudit: async ({ input, user, access, request, reply }) => {
      await audit.pass(user.id, access, input.chapterId, request.lang);
      return reply.ok(null, 'finalApproved');
    },
    rejectAudit: async ({ input, user, access, reply }) => {
      await audit.reject(user.id, access, input.chapterId, input.remark);
      return reply.ok(null, 'finalRejected');
    },
    // the manuscript zip
    // The zip is recorded when asked for (its link carries no person: docs/access.md).
    downloadZip: async ({ input, access, user, request, reply }) => {
      const link = input.link ? await zips.link(access, input.chapterId) : null;
      await recordAccess(app.deps, {
        projectId: access.projectId,
        kind: AccessKind.ZIP,
        actor: { userId: user.id },
        ip: request.ip,
        chapterId: input.chapterId,
      });
      if (link) return { downloadUrl: link };
      return sendAttachment(reply, 'application/zip', await zips.zip(access, input.chapterId, request.lang));
    },
    zip: async ({ input: { projectId, chapterId, exp, sig }, request, reply }) => {
      const zip = await zips.zipByLink(projectId, chapterId, request.lang, exp, sig);
      if (!zip) throw notFound();
      return sendAttachment(reply, 'application/zip', zip);
    },
    // the page viewer (docs/viewer.md)
    viewer: ({ input, access, user, request }) => viewer.pages(access, user, input.chapterId, request.lang),
    fileDetails: ({ input, access }) => viewer.fileDetails(access, input.chapterId, input.uploadId),
  });
}

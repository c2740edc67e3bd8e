import { contract } from '@koma/shared/contract';
import type { FastifyInstance } from 'fastify';
import { implement } from '../../http/implement.js';
import { createRecruitmentService } from './recruitment.service.js';

/** Recruitment of a project or a chapter, and its applications (docs/recruitment.md). */
export async function recruitmentRoutes(app: FastifyInstance) {
  const recruitment = createRecruitmentService(app.deps);
  implement(app, 'recruitment', contract.recruitment, {
    add: async ({ input, access, reply }) => {
      await recruitment.add(access, input);
      return reply.ok(null, 'recruitStarted');
    },
    detail: ({ input, user, request }) => recruitment.detail(user.id, input, request.lang),
    update: async ({ input, access, reply }) => {
      await recruitment.update(access, input);
      return reply.ok(null, 'recruitUpdated');
    },
    cancel: async ({ input, reply }) => {
      await recruitment.cancel(input);
      return reply.ok(null, 'recruitEnded');
    },
    applicants: async ({ input, access, request }) => ({
      result: await recruitment.applicants(access, input, request.lang),
    }),
    apply: async ({ input, user, request, reply }) => {
      await recruitment.apply(user.id, input, request.lang);
      return reply.ok(null, 'applied');
    },
    accept: async ({ input, access, request, reply }) => {
      await recruitment.decide(access, input, true, request.lang);
      return reply.ok(null, 'applicantAccepted');
    },
    reject: async ({ input, access, request, reply }) => {
      await recruitment.decide(access, input, false, request.lang);
      return reply.ok(null, 'applicantRejected');
    },
  });
}

import {
  applicantDecisionBody,
  applyBody,
  applyListData,
  emptyEnvelope,
  envelope,
  recruitAddBody,
  recruitDetailData,
  recruitTargetBody,
} from '@koma/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { currentUser } from '../../plugins/auth.js';
import { Who } from '../../plugins/who.js';
import { createRecruitmentService } from './recruitment.service.js';

const tags = ['recruitment'];

export async function recruitmentRoutes(app: FastifyInstance) {
  const recruitment = createRecruitmentService(app.deps);
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/api/recruit/add',
    {
      config: { who: Who.FOUNDER },
      schema: {
        tags,
        summary: 'Start recruiting (founder)',
        body: recruitAddBody,
        response: { 200: emptyEnvelope },
      },
    },
    async (request, reply) => {
      await recruitment.add(currentUser(request).id, request.body);
      return reply.ok(null, 'recruitStarted');
    },
  );

  r.post(
    '/api/recruit/getDetail',
    {
      config: { who: Who.USER },
      schema: {
        tags,
        summary: 'The recruitment of a project or chapter',
        body: recruitTargetBody,
        response: { 200: envelope(recruitDetailData) },
      },
    },
    async (request, reply) => reply.ok(await recruitment.detail(request.body, request.lang)),
  );

  r.post(
    '/api/recruit/cancel',
    {
      config: { who: Who.FOUNDER },
      schema: {
        tags,
        summary: 'End the recruitment (founder)',
        body: recruitTargetBody,
        response: { 200: emptyEnvelope },
      },
    },
    async (request, reply) => {
      await recruitment.cancel(currentUser(request).id, request.body);
      return reply.ok(null, 'recruitEnded');
    },
  );

  r.post(
    '/api/recruit/applyList',
    {
      config: { who: Who.MEMBER },
      schema: {
        tags,
        summary: 'Applicants (members)',
        body: recruitTargetBody,
        response: { 200: envelope(applyListData) },
      },
    },
    async (request, reply) =>
      reply.ok({ result: await recruitment.applicants(currentUser(request).id, request.body, request.lang) }),
  );

  r.post(
    '/api/recruit/apply',
    {
      config: { who: Who.USER },
      schema: {
        tags,
        summary: 'Apply for a recruited position',
        body: applyBody,
        response: { 200: emptyEnvelope },
      },
    },
    async (request, reply) => {
      await recruitment.apply(currentUser(request).id, request.body, request.lang);
      return reply.ok(null, 'applied');
    },
  );

  for (const [path, accept] of [
    ['/api/recruit/accept', true],
    ['/api/recruit/reject', false],
  ] as const) {
    r.post(
      path,
      {
        config: { who: Who.FOUNDER },
        schema: {
          tags,
          summary: accept ? 'Accept an applicant (founder)' : 'Reject an applicant (founder)',
          body: applicantDecisionBody,
          response: { 200: emptyEnvelope },
        },
      },
      async (request, reply) => {
        await recruitment.decide(currentUser(request).id, request.body, accept, request.lang);
        return reply.ok(null, accept ? 'applicantAccepted' : 'applicantRejected');
      },
    );
  }
}

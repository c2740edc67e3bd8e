import { emptyEnvelope, envelope, profileBody, profileDetail, uidQuery, userIndexData } from '@koma/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { currentUser } from '../../plugins/auth.js';
import { Who } from '../../plugins/who.js';
import { createProfilesService } from './profiles.service.js';

const tags = ['profiles'];

export async function profilesRoutes(app: FastifyInstance) {
  const profiles = createProfilesService(app.deps);
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/cartoonser/index',
    {
      // Every page of the web app asks: the account comes with the session, in one query.
      config: { who: Who.USER, withAccount: true },
      schema: { tags, summary: 'The logged-in user', response: { 200: envelope(userIndexData) } },
    },
    async (request, reply) => reply.ok(await profiles.index(currentUser(request), request.lang)),
  );

  r.get(
    '/api/cartoonser/cartoonserDetail',
    {
      config: { who: Who.USER },
      schema: {
        tags,
        summary: "A person's profile",
        querystring: uidQuery,
        response: { 200: envelope(profileDetail) },
      },
    },
    async (request, reply) => reply.ok(await profiles.detail(currentUser(request).id, request.query.uid)),
  );

  r.post(
    '/api/cartoonser/personalInfo',
    {
      config: { who: Who.USER },
      schema: { tags, summary: 'Save my profile', body: profileBody, response: { 200: emptyEnvelope } },
    },
    async (request, reply) => {
      await profiles.update(currentUser(request).id, request.body);
      return reply.ok(null, 'saved');
    },
  );
}

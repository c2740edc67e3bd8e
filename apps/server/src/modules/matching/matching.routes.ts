import {
  applyPairingBody,
  dealPairingBody,
  emptyEnvelope,
  envelope,
  findCartoonserBody,
  personSearchData,
  ReplyState,
} from '@koma/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { currentUser } from '../../plugins/auth.js';
import { Who } from '../../plugins/who.js';
import { createMatchingService } from './matching.service.js';

const tags = ['matching'];

export async function matchingRoutes(app: FastifyInstance) {
  const matching = createMatchingService(app.deps);
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/api/cartoonser/findCartoonser',
    {
      config: { who: Who.USER },
      schema: {
        tags,
        summary: 'Search people of the opposite kind, by match',
        body: findCartoonserBody,
        response: { 200: envelope(personSearchData) },
      },
    },
    async (request, reply) => reply.ok(await matching.search(currentUser(request).id, request.body)),
  );

  r.post(
    '/api/friends/applyPairing',
    {
      config: { who: Who.USER },
      schema: {
        tags,
        summary: 'Send a pairing request',
        body: applyPairingBody,
        response: { 200: emptyEnvelope },
      },
    },
    async (request, reply) => {
      await matching.apply(currentUser(request).id, request.body.toUid, request.body.message);
      return reply.ok(null, 'pairingSent');
    },
  );

  r.post(
    '/api/friends/dealPairing',
    {
      config: { who: Who.OWNER },
      schema: {
        tags,
        summary: 'Answer a pairing request',
        body: dealPairingBody,
        response: { 200: emptyEnvelope },
      },
    },
    async (request, reply) => {
      const { msgId, state, message } = request.body;
      await matching.deal(currentUser(request).id, msgId, state, message);
      return reply.ok(null, state === ReplyState.AGREE ? 'pairingAgreed' : 'pairingRefused');
    },
  );
}

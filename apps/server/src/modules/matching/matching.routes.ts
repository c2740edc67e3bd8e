import { ReplyState } from '@koma/shared';
import { contract } from '@koma/shared/contract';
import type { FastifyInstance } from 'fastify';
import { implement } from '../../http/implement.js';
import { createMatchingService } from './matching.service.js';

export async function matchingRoutes(app: FastifyInstance) {
  const matching = createMatchingService(app.deps);
  implement(app, 'matching', contract.matching, {
    search: ({ input, user }) => matching.search(user.id, input),
    apply: async ({ input, user, reply }) => {
      await matching.apply(user.id, input.toUid, input.message);
      return reply.ok(null, 'pairingSent');
    },
    // Only the user the request is addressed to may answer it: the service checks (Who.OWNER).
    deal: async ({ input: { msgId, state, message }, user, reply }) => {
      await matching.deal(user.id, msgId, state, message);
      return reply.ok(null, state === ReplyState.AGREE ? 'pairingAgreed' : 'pairingRefused');
    },
  });
}

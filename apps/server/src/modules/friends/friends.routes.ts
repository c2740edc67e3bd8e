import { ReplyState } from '@koma/shared';
import { contract } from '@koma/shared/contract';
import type { FastifyInstance } from 'fastify';
import { implement } from '../../http/implement.js';
import { createFriendsService } from './friends.service.js';

export async function friendsRoutes(app: FastifyInstance) {
  const friends = createFriendsService(app.deps);
  implement(app, 'friends', contract.friends, {
    apply: async ({ input, user, reply }) => {
      await friends.apply(user.id, input.toUid, input.message);
      return reply.ok(null, 'friendRequestSent');
    },
    // Only the user the request is addressed to may answer it: the service checks (Who.OWNER).
    deal: async ({ input: { msgId, state, message }, user, reply }) => {
      await friends.deal(user.id, msgId, state, message);
      return reply.ok(null, state === ReplyState.AGREE ? 'friendAgreed' : 'friendRefused');
    },
    remove: async ({ input, user, reply }) => {
      await friends.remove(user.id, input.friendId);
      return reply.ok(null, 'friendRemoved');
    },
    requests: async ({ user }) => ({ list: await friends.wanted(user.id) }),
    search: ({ input: { page, pageSize, role, keywords }, user }) =>
      friends.search(user.id, { role, keywords }, page, pageSize),
  });
}

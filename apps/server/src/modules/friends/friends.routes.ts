import {
  applyFriendBody,
  dealFriendBody,
  delFriendBody,
  emptyEnvelope,
  envelope,
  friendListData,
  friendRequestsData,
  friendSearchBody,
  ReplyState,
} from '@koma/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { currentUser } from '../../plugins/auth.js';
import { Who } from '../../plugins/who.js';
import { createFriendsService } from './friends.service.js';

const tags = ['friends'];

export async function friendsRoutes(app: FastifyInstance) {
  const friends = createFriendsService(app.deps);
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/api/friends/applyFriend',
    {
      config: { who: Who.USER },
      schema: {
        tags,
        summary: 'Send a friend request',
        body: applyFriendBody,
        response: { 200: emptyEnvelope },
      },
    },
    async (request, reply) => {
      await friends.apply(currentUser(request).id, request.body.toUid, request.body.message);
      return reply.ok(null, 'friendRequestSent');
    },
  );

  r.post(
    '/api/friends/dealFriend',
    {
      config: { who: Who.OWNER },
      schema: {
        tags,
        summary: 'Answer a friend request',
        body: dealFriendBody,
        response: { 200: emptyEnvelope },
      },
    },
    async (request, reply) => {
      const { msgId, state, message } = request.body;
      await friends.deal(currentUser(request).id, msgId, state, message);
      return reply.ok(null, state === ReplyState.AGREE ? 'friendAgreed' : 'friendRefused');
    },
  );

  r.post(
    '/api/friends/delFriend',
    {
      config: { who: Who.OWNER },
      schema: { tags, summary: 'Unfriend', body: delFriendBody, response: { 200: emptyEnvelope } },
    },
    async (request, reply) => {
      await friends.remove(currentUser(request).id, request.body.friendId);
      return reply.ok(null, 'friendRemoved');
    },
  );

  r.post(
    '/api/friends/getWantedFriends',
    {
      config: { who: Who.USER },
      schema: {
        tags,
        summary: 'Friend requests waiting for my answer',
        response: { 200: envelope(friendRequestsData) },
      },
    },
    async (request, reply) => reply.ok({ list: await friends.wanted(currentUser(request).id) }),
  );

  r.post(
    '/api/friends/search',
    {
      config: { who: Who.USER },
      schema: {
        tags,
        summary: 'My friends',
        body: friendSearchBody,
        response: { 200: envelope(friendListData) },
      },
    },
    async (request, reply) => {
      const { page, pageSize, role, keywords } = request.body;
      return reply.ok(await friends.search(currentUser(request).id, { role, keywords }, page, pageSize));
    },
  );
}

import { z } from 'zod';
import {
  applyFriendBody,
  dealFriendBody,
  delFriendBody,
  friendListData,
  friendRequestsData,
  friendSearchBody,
} from '../schemas/people.js';
import { endpoints } from './endpoint.js';
import { routes } from './routes.js';
import { Who } from './who.js';

/** Friend requests and the friend list. */
export const friends = endpoints(routes.friends, {
  apply: {
    input: applyFriendBody,
    reply: z.null(),
    who: Who.USER,
    summary: 'Send a friend request',
  },
  deal: {
    input: dealFriendBody,
    reply: z.null(),
    who: Who.OWNER,
    summary: 'Answer a friend request',
  },
  remove: {
    input: delFriendBody,
    reply: z.null(),
    who: Who.OWNER,
    summary: 'Unfriend',
  },
  requests: {
    input: null,
    reply: friendRequestsData,
    who: Who.USER,
    summary: 'Friend requests waiting for my answer',
  },
  search: {
    input: friendSearchBody,
    reply: friendListData,
    who: Who.USER,
    summary: 'My friends',
  },
});

import type { ApiReply } from '@koma/shared/contract';
import { call } from '../../../lib/api-client';

export type FriendRequest = ApiReply<'friends', 'requests'>['list'][number];

/** friends.requests: pending incoming friend requests. */
export function fetchFriendRequests(signal?: AbortSignal) {
  return call('friends', 'requests', undefined, { silent: true, signal });
}

/** friends.deal: 1 agree, 2 refuse; the info shows as a toast. */
export function dealFriend(msgId: number, state: 1 | 2, message: string) {
  return call('friends', 'deal', { msgId, state, message }, { successToast: true });
}

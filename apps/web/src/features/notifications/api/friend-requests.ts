import { api } from '../../../lib/api-client';

export interface FriendRequest {
  msgId: number;
  userId: number;
  userName: string;
  userImg: string;
  message: string;
}

/** POST /api/friends/getWantedFriends: pending incoming friend requests. */
export function fetchFriendRequests(signal?: AbortSignal): Promise<{ list: FriendRequest[] }> {
  return api.post<{ list: FriendRequest[] }>('/api/friends/getWantedFriends', {}, { silent: true, signal });
}

/** POST /api/friends/dealFriend {msgId, state 1 agree | 2 refuse, message}. */
export function dealFriend(msgId: number, state: 1 | 2, message: string) {
  return api.postReply<null>('/api/friends/dealFriend', { msgId, state, message }, { successToast: true });
}

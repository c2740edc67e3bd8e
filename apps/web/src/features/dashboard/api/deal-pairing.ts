import { api } from '../../../lib/api-client';

/** POST /api/friends/dealPairing {msgId, message, state 1 agree | 2 refuse}: success on 200 or 2. */
export function dealPairing(msgId: number, state: 1 | 2, message: string) {
  return api.postReply<null>('/api/friends/dealPairing', { msgId, message, state }, { successToast: true });
}

import { call } from '../../../lib/api-client';

/** matching.deal: 1 agree, 2 refuse; the info shows as a toast. */
export function dealPairing(msgId: number, state: 1 | 2, message: string) {
  return call('matching', 'deal', { msgId, message, state }, { successToast: true });
}

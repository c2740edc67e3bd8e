import { FriendRequestStatus, LiveEvent, NoticeKind, ReplyState } from '@koma/shared';
import { badInput, conflict, notFound } from '../../lib/app-error.js';
import type { Deps } from '../../lib/deps.js';
import { isUniqueViolation } from '../../lib/sql-helpers.js';
import { noticeTarget, type PendingNotice, pushNotices, storeNotices } from '../notices/notices.service.js';
import { friendSetsFor } from './friend-sets.js';
import * as repo from './friends.repository.js';

export function createFriendsService(deps: Deps) {
  const { db, live } = deps;
  const friendSets = friendSetsFor(db);
  return {
    async apply(me: number, toUid: number, message: string): Promise<void> {
      if (toUid === me) throw badInput('pairingSelf');
      if (!(await repo.findActiveUser(db, toUid))) throw notFound();
      try {
        await db.transaction(async (tx) => {
          if (await repo.areFriends(tx, me, toUid)) throw conflict('friendExists');
          if (await repo.hasPendingRequestBetween(tx, me, toUid)) throw conflict('friendExists');
          await repo.insertRequest(tx, me, toUid, message);
        });
      } catch (err) {
        // Two requests racing between the same people: the partial unique index keeps one.
        if (isUniqueViolation(err)) throw conflict('friendExists');
        throw err;
      }
      live.publish(toUid, { event: LiveEvent.FRIEND_REQUEST });
    },

    async deal(me: number, msgId: number, state: number, message: string): Promise<void> {
      const agree = state === ReplyState.AGREE;
      const pending: PendingNotice[] = [];
      await db.transaction(async (tx) => {
        const status = agree ? FriendRequestStatus.AGREED : FriendRequestStatus.REFUSED;
        const decided = await repo.decideRequest(tx, msgId, me, status, message);
        if (!decided) {
          const existing = await repo.findRequest(tx, msgId);
          throw existing?.toUserId === me ? conflict() : notFound();
        }
        if (agree) await repo.insertFriendship(tx, decided.fromUserId, me);
        const meRow = await repo.findActiveUser(tx, me);
        pending.push({
          userId: decided.fromUserId,
          kind: agree ? NoticeKind.FRIEND_AGREED : NoticeKind.FRIEND_REFUSED,
          params: { nickname: meRow?.nickname ?? '', ...(message ? { message } : {}) },
          target: noticeTarget.person(me),
        });
        await storeNotices(deps, tx, pending);
      });
      if (agree) for (const id of [me, ...pending.map((p) => p.userId)]) friendSets.delete(id);
      pushNotices(deps, pending);
      live.publish(me, { event: LiveEvent.FRIEND_REQUEST });
    },

    async remove(me: number, friendId: number): Promise<void> {
      if (!(await repo.deleteFriendship(db, me, friendId))) throw notFound();
      friendSets.delete(me);
      friendSets.delete(friendId);
    },

    wanted: (me: number) => repo.listIncomingPending(db, me),

    search: (
      me: number,
      filter: { role?: number | null; keywords: string },
      page: number,
      pageSize: number,
    ) => repo.searchFriends(db, me, filter, pageSize, (page - 1) * pageSize),
  };
}
